// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "io/h5.hpp"

#include <algorithm>
#include <array>

#include "comm/reduce.hpp"
#include "core/test_hooks.hpp"

namespace gs {

BufferSpec io_block_buffer(const Decomposition& dec, std::size_t value_bytes, BufferHome home) {
  const std::array<std::size_t, 3> owned{std::size_t(dec.local_n()[2]), std::size_t(dec.local_n()[1]), std::size_t(dec.local_n()[0])};
  return {"io_block", owned, value_bytes, home, OtherCopy::SameLabel};
}

namespace {

// a / b rounded up, for any sign of a (b > 0).
long ceil_div(long a, long b) { return a <= 0 ? -((-a) / b) : (a + b - 1) / b; }

}  // namespace

LocalPart local_part(const Decomposition& dec, const FieldLayout& layout) {
  LocalPart p;
  const IndexBox owned = dec.owned();
  for (int d = 0; d < 3; ++d) {
    p.first[d] = owned.lo[d];
    if (d >= dec.dims()) continue;
    const long s = layout.stride[d], lo = layout.lo[d];
    const long o0 = dec.offset()[d], o1 = o0 + dec.local_n()[d];
    const long m0 = std::max(0L, ceil_div(o0 - lo, s));
    const long m1 = std::min(layout.count[d], ceil_div(o1 - lo, s));
    p.count[d] = std::max(0L, m1 - m0);
    p.start[d] = p.count[d] > 0 ? m0 : 0;
    p.first[d] = owned.lo[d] + (lo + s * m0 - o0);
  }
  return p;
}

BufferSpec io_block_buffer(const Decomposition& dec, const FieldLayout& layout, BufferHome home) {
  const LocalPart p = local_part(dec, layout);
  return {"io_block", {std::size_t(p.count[2]), std::size_t(p.count[1]), std::size_t(p.count[0])}, std::size_t(layout.value_bytes), home,
          OtherCopy::SameLabel};
}

void h5_silence_errors() { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

namespace {

H5Handle file_access(MPI_Comm comm) {
  H5Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  GS_H5_CHECK(fapl.get(), "H5Pcreate(file access)");
  GS_H5_CHECK(H5Pset_fapl_mpio(fapl.get(), comm, MPI_INFO_NULL), "H5Pset_fapl_mpio");
  GS_H5_CHECK(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_LATEST), "H5Pset_libver_bounds");
  GS_H5_CHECK(H5Pset_all_coll_metadata_ops(fapl.get(), true), "H5Pset_all_coll_metadata_ops");
  GS_H5_CHECK(H5Pset_coll_metadata_write(fapl.get(), true), "H5Pset_coll_metadata_write");
  // Closing the file closes what a failed write left open (a dataset whose
  // close failed on a full disk); otherwise the file stays open and HDF5's
  // own cleanup in MPI_Finalize crashes on it.
  GS_H5_CHECK(H5Pset_fclose_degree(fapl.get(), H5F_CLOSE_STRONG), "H5Pset_fclose_degree");
  return fapl;
}

H5Handle collective_transfer() {
  H5Handle dxpl(H5Pcreate(H5P_DATASET_XFER), H5Pclose);
  GS_H5_CHECK(dxpl.get(), "H5Pcreate(transfer)");
  GS_H5_CHECK(H5Pset_dxpl_mpio(dxpl.get(), H5FD_MPIO_COLLECTIVE), "H5Pset_dxpl_mpio");
  return dxpl;
}

template <class Real>
using HostBlock = Kokkos::View<Real***, Kokkos::LayoutRight, Kokkos::HostSpace>;
template <class Real>
using DeviceBlock = Kokkos::View<Real***, Kokkos::LayoutRight, MemSpace>;

// File shape (slowest first) and this rank's block in it.
struct Slab {
  int rank;
  hsize_t global[3], count[3], start[3];
};

Slab slab_of(const Decomposition& dec) {
  Slab s{};
  s.rank = dec.dims();
  for (int i = 0; i < s.rank; ++i) {
    const int d = dec.dims() - 1 - i;  // file axis i is grid axis d (z or y first)
    s.global[i] = hsize_t(dec.global_n()[d]);
    s.count[i] = hsize_t(dec.local_n()[d]);
    s.start[i] = hsize_t(dec.offset()[d]);
  }
  return s;
}

// A field output's dataset shape and this rank's part of it.
Slab slab_of(const Decomposition& dec, const FieldLayout& layout) {
  const LocalPart p = local_part(dec, layout);
  Slab s{};
  s.rank = dec.dims();
  for (int i = 0; i < s.rank; ++i) {
    const int d = dec.dims() - 1 - i;
    s.global[i] = hsize_t(layout.count[d]);
    s.count[i] = hsize_t(p.count[d]);
    s.start[i] = hsize_t(p.start[d]);
  }
  return s;
}

bool empty(const Slab& s) {
  for (int i = 0; i < s.rank; ++i)
    if (s.count[i] == 0) return true;
  return false;
}

std::pair<int, int> owned_range(const Decomposition& dec, int d) {
  const IndexBox o = dec.owned();
  return {o.lo[d], o.hi[d]};
}

// The state's datasets are stored in the run's precision (grid.precision).
template <class Real>
hid_t native_real() {
  return sizeof(Real) == 4 ? H5T_NATIVE_FLOAT : H5T_NATIVE_DOUBLE;
}

template <class Real>
HostBlock<Real> owned_to_host(const Field<Real>& f, const Decomposition& dec) {
  auto block = allocate<DeviceBlock<Real>>(io_block_buffer(dec, sizeof(Real), BufferHome::Field));
  Kokkos::deep_copy(block, Kokkos::subview(f, owned_range(dec, 2), owned_range(dec, 1), owned_range(dec, 0)));
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), block);
}

template <class Real>
void host_to_owned(const HostBlock<Real>& host, const Field<Real>& f, const Decomposition& dec) {
  auto block = Kokkos::create_mirror_view_and_copy(MemSpace(), host);
  Kokkos::deep_copy(Kokkos::subview(f, owned_range(dec, 2), owned_range(dec, 1), owned_range(dec, 0)), block);
}

H5Handle create_dataset(hid_t file, const char* name, const Slab& s, int value_bytes, int deflate_level) {
  H5Handle fspace(H5Screate_simple(s.rank, s.global, nullptr), H5Sclose);
  GS_H5_CHECK(fspace.get(), "H5Screate_simple");
  H5Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  GS_H5_CHECK(dcpl.get(), "H5Pcreate(dataset create)");
  if (deflate_level > 0) {
    const std::vector<unsigned long long> chunks = field_chunks(std::vector<unsigned long long>(s.global, s.global + s.rank), value_bytes);
    hsize_t chunk[3];
    for (int i = 0; i < s.rank; ++i) chunk[i] = hsize_t(chunks[i]);
    GS_H5_CHECK(H5Pset_chunk(dcpl.get(), s.rank, chunk), "H5Pset_chunk");
    GS_H5_CHECK(H5Pset_shuffle(dcpl.get()), "H5Pset_shuffle");
    GS_H5_CHECK(H5Pset_deflate(dcpl.get(), unsigned(deflate_level)), "H5Pset_deflate");
    // Every value is written once: no fill values to compress and write first.
    GS_H5_CHECK(H5Pset_fill_time(dcpl.get(), H5D_FILL_TIME_NEVER), "H5Pset_fill_time");
  }
  H5Handle ds(H5Dcreate2(file, name, value_bytes == 4 ? H5T_IEEE_F32LE : H5T_IEEE_F64LE, fspace.get(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT), H5Dclose);
  GS_H5_CHECK(ds.get(), std::string("H5Dcreate2 ") + name);
  return ds;
}

template <class Real>
void write_dataset(hid_t dataset, const char* name, const Slab& s, const HostBlock<Real>& data, hid_t dxpl) {
  H5Handle fspace(H5Dget_space(dataset), H5Sclose);
  GS_H5_CHECK(fspace.get(), "H5Dget_space");
  const hid_t ds_id = dataset;
  if (empty(s)) {
    // A rank without cells in the output still takes part in the collective write.
    const hsize_t one[3] = {1, 1, 1};
    H5Handle mspace(H5Screate_simple(s.rank, one, nullptr), H5Sclose);
    GS_H5_CHECK(H5Sselect_none(mspace.get()), "select none");
    GS_H5_CHECK(H5Sselect_none(fspace.get()), "select none");
    const Real dummy = 0;
    GS_H5_CHECK(H5Dwrite(ds_id, native_real<Real>(), mspace.get(), fspace.get(), dxpl, &dummy), std::string("H5Dwrite ") + name);
    return;
  }
  H5Handle mspace(H5Screate_simple(s.rank, s.count, nullptr), H5Sclose);
  GS_H5_CHECK(H5Sselect_hyperslab(fspace.get(), H5S_SELECT_SET, s.start, nullptr, s.count, nullptr), "select hyperslab");
  GS_H5_CHECK(H5Dwrite(ds_id, native_real<Real>(), mspace.get(), fspace.get(), dxpl, data.data()), std::string("H5Dwrite ") + name);
}

// This rank's cells of the layout, converted to the file's value type on the
// device (a double run's float32 output is each double rounded to the
// nearest float), then copied to the host.
template <class Out, class Real>
HostBlock<Out> pack_to_host(const Field<Real>& f, const Decomposition& dec, const FieldLayout& layout) {
  const LocalPart p = local_part(dec, layout);
  auto block = allocate<DeviceBlock<Out>>(io_block_buffer(dec, layout, BufferHome::Field), false);
  const long z0 = p.first[2], y0 = p.first[1], x0 = p.first[0];
  const long sz = layout.stride[2], sy = layout.stride[1], sx = layout.stride[0];
  // for k, j, i over the block: block(k, j, i) = Out(f(z0 + k sz, y0 + j sy, x0 + i sx))
  Kokkos::parallel_for(
      "io_pack", Kokkos::MDRangePolicy<ExecSpace, Kokkos::Rank<3>>({0, 0, 0}, {p.count[2], p.count[1], p.count[0]}),
      KOKKOS_LAMBDA(const long k, const long j, const long i) { block(k, j, i) = static_cast<Out>(f(z0 + k * sz, y0 + j * sy, x0 + i * sx)); });
  Kokkos::fence();
  return Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), block);
}

template <class Real>
std::string read_dataset(hid_t file, const char* name, const Slab& s, HostBlock<Real>& data, hid_t dxpl) {
  if (H5Lexists(file, name, H5P_DEFAULT) <= 0) return std::string("dataset '") + name + "' is missing";
  H5Handle ds(H5Dopen2(file, name, H5P_DEFAULT), H5Dclose);
  if (!ds.valid()) return std::string("dataset '") + name + "' cannot be opened";
  H5Handle type(H5Dget_type(ds.get()), H5Tclose);
  if (!type.valid() || H5Tget_class(type.get()) != H5T_FLOAT || H5Tget_size(type.get()) != sizeof(Real))
    return std::string("dataset '") + name + "' is not " + std::to_string(8 * sizeof(Real)) + "-bit floating point (the run's grid.precision is " + precision_name<Real>() + ")";
  H5Handle fspace(H5Dget_space(ds.get()), H5Sclose);
  hsize_t dims[8] = {0};
  const int rank = fspace.valid() ? H5Sget_simple_extent_ndims(fspace.get()) : -1;
  if (rank != s.rank || H5Sget_simple_extent_dims(fspace.get(), dims, nullptr) != rank)
    return std::string("dataset '") + name + "' has " + std::to_string(rank) + " dimensions, expected " + std::to_string(s.rank);
  for (int i = 0; i < rank; ++i)
    if (dims[i] != s.global[i]) {
      std::string got, want;
      for (int j = 0; j < rank; ++j) {
        got += (j ? "x" : "") + std::to_string(dims[j]);
        want += (j ? "x" : "") + std::to_string(s.global[j]);
      }
      return std::string("dataset '") + name + "' is " + got + " (slowest axis first), this run's grid is " + want;
    }
  H5Handle mspace(H5Screate_simple(s.rank, s.count, nullptr), H5Sclose);
  if (H5Sselect_hyperslab(fspace.get(), H5S_SELECT_SET, s.start, nullptr, s.count, nullptr) < 0 ||
      H5Dread(ds.get(), native_real<Real>(), mspace.get(), fspace.get(), dxpl, data.data()) < 0)
    return std::string("dataset '") + name + "' cannot be read (file damaged?)";
  return "";
}

template <class T>
void write_attr_raw(hid_t obj, const char* name, hid_t mem_type, hid_t file_type, const T* data, hsize_t count) {
  H5Handle space(count == 1 ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &count, nullptr), H5Sclose);
  if (H5Aexists(obj, name) > 0) GS_H5_CHECK(H5Adelete(obj, name), std::string("H5Adelete ") + name);
  H5Handle attr(H5Acreate2(obj, name, file_type, space.get(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  GS_H5_CHECK(attr.get(), std::string("H5Acreate2 ") + name);
  GS_H5_CHECK(H5Awrite(attr.get(), mem_type, data), std::string("H5Awrite ") + name);
}

template <class T>
bool read_attr_raw(hid_t obj, const char* name, hid_t mem_type, H5T_class_t cls, T* data, hsize_t count) {
  if (H5Aexists(obj, name) <= 0) return false;
  H5Handle attr(H5Aopen(obj, name, H5P_DEFAULT), H5Aclose);
  if (!attr.valid()) return false;
  H5Handle type(H5Aget_type(attr.get()), H5Tclose);
  H5Handle space(H5Aget_space(attr.get()), H5Sclose);
  if (!type.valid() || !space.valid() || H5Tget_class(type.get()) != cls) return false;
  const hssize_t n = H5Sget_simple_extent_npoints(space.get());
  if (n != hssize_t(count)) return false;
  return H5Aread(attr.get(), mem_type, data) >= 0;
}

}  // namespace

H5Handle h5_create(const std::string& path, MPI_Comm comm) {
  H5Handle fapl = file_access(comm);
  return H5Handle(H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.get()), H5Fclose);
}

H5Handle h5_open_read(const std::string& path, MPI_Comm comm) {
  H5Handle fapl = file_access(comm);
  return H5Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.get()), H5Fclose);
}

std::vector<unsigned long long> field_chunks(const std::vector<unsigned long long>& shape, int value_bytes) {
  constexpr unsigned long long kChunkBytes = 1ull << 20;
  std::vector<unsigned long long> chunk = shape;
  const auto bytes = [&] {
    unsigned long long b = (unsigned long long)value_bytes;
    for (const auto c : chunk) b *= c;
    return b;
  };
  // Halve the slowest axis that is still longer than one, until the chunk fits.
  for (std::size_t i = 0; i < chunk.size() && bytes() > kChunkBytes; ++i)
    while (chunk[i] > 1 && bytes() > kChunkBytes) chunk[i] = (chunk[i] + 1) / 2;
  return chunk;
}

StateDatasets h5_create_fields(hid_t file, const Decomposition& dec, const FieldLayout& layout) {
  const Slab s = slab_of(dec, layout);
  StateDatasets datasets;
  const std::string err = first_error_of(
      [&] {
        datasets.u = create_dataset(file, "u", s, layout.value_bytes, layout.deflate_level);
        datasets.v = create_dataset(file, "v", s, layout.value_bytes, layout.deflate_level);
      },
      dec.comm());
  if (!err.empty()) throw RunError(err);
  return datasets;
}

template <class Real>
StateDatasets h5_create_state(hid_t file, const Decomposition& dec) {
  const Slab s = slab_of(dec);
  StateDatasets datasets;
  const std::string err = first_error_of(
      [&] {
        datasets.u = create_dataset(file, "u", s, int(sizeof(Real)), 0);
        datasets.v = create_dataset(file, "v", s, int(sizeof(Real)), 0);
      },
      dec.comm());
  if (!err.empty()) throw RunError(err);
  return datasets;
}

namespace {
// Writes u and v collectively, each packed by pack(field) into host values.
// All metadata is on disk before any data is written: a data write that then
// fails (a full disk) leaves no dirty metadata, so closing the file succeeds.
// HDF5 1.10 cannot recover from a failed H5Fclose: the file stays registered,
// half destroyed, and its cleanup in MPI_Finalize crashes (SIGSEGV in
// H5F__close_cb). A write can fail on some ranks only (a full disk): every
// rank learns of it before the next collective call, or the others wait
// there forever.
template <class Real, class Pack>
void write_u_and_v(hid_t file, const StateDatasets& datasets, const Decomposition& dec, const State<Real>& state,
                   const Pack& pack) {
  H5Handle dxpl = collective_transfer();
  std::string err = first_error_of([&] { GS_H5_CHECK(H5Fflush(file, H5F_SCOPE_GLOBAL), "H5Fflush"); }, dec.comm());
  if (!err.empty()) throw RunError(err);
  const char* names[2] = {"u", "v"};
  const hid_t ids[2] = {datasets.u.get(), datasets.v.get()};
  const Field<Real> fields[2] = {state.u, state.v};
  for (int i = 0; i < 2; ++i) {
    err = first_error_of([&] { pack(ids[i], names[i], fields[i], dxpl.get()); }, dec.comm());
    if (!err.empty()) throw RunError(err);
  }
}
}  // namespace

template <class Real>
void h5_write_fields(hid_t file, const StateDatasets& datasets, const Decomposition& dec, const FieldLayout& layout, const State<Real>& state) {
  const Slab s = slab_of(dec, layout);
  write_u_and_v(file, datasets, dec, state, [&](hid_t id, const char* name, const Field<Real>& field, hid_t dxpl) {
    if (layout.value_bytes == 4)
      write_dataset(id, name, s, pack_to_host<float>(field, dec, layout), dxpl);
    else
      write_dataset(id, name, s, pack_to_host<double>(field, dec, layout), dxpl);
  });
}

template <class Real>
void h5_write_state(hid_t file, const StateDatasets& datasets, const Decomposition& dec, const State<Real>& state) {
  const Slab s = slab_of(dec);
  write_u_and_v(file, datasets, dec, state, [&](hid_t id, const char* name, const Field<Real>& field, hid_t dxpl) {
    write_dataset(id, name, s, owned_to_host(field, dec), dxpl);
  });
}

long long h5_file_end(hid_t file) {
  // H5Fget_eoa refuses non-SWMR drivers (MPI-IO); in 1.10 this is the larger of the end of allocation and the end of file.
  hsize_t size = 0;
  GS_H5_CHECK(H5Fget_filesize(file, &size), "H5Fget_filesize");
  return (long long)size;
}

template <class Real>
std::string h5_read_state(hid_t file, const Decomposition& dec, const State<Real>& state) {
  const Slab s = slab_of(dec);
  // Every step that can fail on some ranks only (an I/O error under one
  // rank's part of the file, an allocation) is agreed by all ranks before the
  // next collective read, which the others would otherwise enter alone and
  // wait in forever. Nothing here throws past an agreement.
  H5Handle dxpl;
  HostBlock<Real> host;
  std::string err = first_error_of(
      [&] {
        dxpl = collective_transfer();
        host = allocate<HostBlock<Real>>(io_block_buffer(dec, sizeof(Real), BufferHome::Host));
      },
      dec.comm());
  for (const auto& [name, field] : {std::make_pair("u", state.u), std::make_pair("v", state.v)}) {
    if (!err.empty()) break;
    err = first_error_of(
        [&, name = name, field = field] {
          std::string why = read_dataset(file, name, s, host, dxpl.get());
          if (why.empty() && test_hook_state_read_fails(name, dec.rank()))
            why = std::string("dataset '") + name + "' cannot be read on rank " + std::to_string(dec.rank()) +
                  " (test hook GS_TEST_READ_FAIL_RANK)";
          if (why.empty()) host_to_owned(host, field, dec);
          return why;
        },
        dec.comm());
  }
  return err;
}

void h5_write_attr(hid_t obj, const char* name, long long value) {
  write_attr_raw(obj, name, H5T_NATIVE_LLONG, H5T_STD_I64LE, &value, 1);
}
void h5_write_attr(hid_t obj, const char* name, double value) {
  write_attr_raw(obj, name, H5T_NATIVE_DOUBLE, H5T_IEEE_F64LE, &value, 1);
}
void h5_write_attr(hid_t obj, const char* name, const std::vector<long long>& values) {
  write_attr_raw(obj, name, H5T_NATIVE_LLONG, H5T_STD_I64LE, values.data(), values.size());
}
void h5_write_attr(hid_t obj, const char* name, const std::vector<double>& values) {
  write_attr_raw(obj, name, H5T_NATIVE_DOUBLE, H5T_IEEE_F64LE, values.data(), values.size());
}
void h5_write_attr(hid_t obj, const char* name, const std::string& value) {
  H5Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  GS_H5_CHECK(H5Tset_size(type.get(), value.empty() ? 1 : value.size()), "H5Tset_size");
  write_attr_raw(obj, name, type.get(), type.get(), value.empty() ? "" : value.c_str(), 1);
}

bool h5_read_attr(hid_t obj, const char* name, long long& value) {
  return read_attr_raw(obj, name, H5T_NATIVE_LLONG, H5T_INTEGER, &value, 1);
}
bool h5_read_attr(hid_t obj, const char* name, double& value) {
  return read_attr_raw(obj, name, H5T_NATIVE_DOUBLE, H5T_FLOAT, &value, 1);
}
bool h5_read_attr(hid_t obj, const char* name, std::vector<long long>& values, std::size_t count) {
  values.assign(count, 0);
  return read_attr_raw(obj, name, H5T_NATIVE_LLONG, H5T_INTEGER, values.data(), count);
}
bool h5_read_attr(hid_t obj, const char* name, std::vector<double>& values, std::size_t count) {
  values.assign(count, 0);
  return read_attr_raw(obj, name, H5T_NATIVE_DOUBLE, H5T_FLOAT, values.data(), count);
}
bool h5_read_attr(hid_t obj, const char* name, std::string& value) {
  if (H5Aexists(obj, name) <= 0) return false;
  H5Handle attr(H5Aopen(obj, name, H5P_DEFAULT), H5Aclose);
  if (!attr.valid()) return false;
  H5Handle type(H5Aget_type(attr.get()), H5Tclose);
  if (!type.valid() || H5Tget_class(type.get()) != H5T_STRING || H5Tis_variable_str(type.get()) != 0) return false;
  const std::size_t size = H5Tget_size(type.get());
  if (size == 0 || size > (1u << 24)) return false;
  std::vector<char> buf(size + 1, '\0');
  if (H5Aread(attr.get(), type.get(), buf.data()) < 0) return false;
  value.assign(buf.data());
  return true;
}

template StateDatasets h5_create_state<float>(hid_t, const Decomposition&);
template StateDatasets h5_create_state<double>(hid_t, const Decomposition&);
template void h5_write_state(hid_t, const StateDatasets&, const Decomposition&, const State<float>&);
template void h5_write_state(hid_t, const StateDatasets&, const Decomposition&, const State<double>&);
template void h5_write_fields(hid_t, const StateDatasets&, const Decomposition&, const FieldLayout&, const State<float>&);
template void h5_write_fields(hid_t, const StateDatasets&, const Decomposition&, const FieldLayout&, const State<double>&);
template std::string h5_read_state(hid_t, const Decomposition&, const State<float>&);
template std::string h5_read_state(hid_t, const Decomposition&, const State<double>&);

}  // namespace gs
