// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What the in-situ output checks outside Catalyst: before step 0, that an X
// display can be opened when a script renders (Debian's ParaView renders only
// through X: no EGL or OSMesa build; the script guard checks again after the
// scripts load, from the views they made) and that output.dir/insitu is or can be made a folder; after
// each call, that the scripts still write files there.
#include <map>
#include <string>

namespace gs {

// Whether a script may render: it calls one of paraview.simple's view,
// display or screenshot functions (a package or zip is taken as rendering).
// Scripts that only compute or use Live need no display.
bool insitu_script_renders(const std::string& path);

// This rank's problem with the X display, or "" when one opens. Loads libX11
// only here, at run time, so the program itself does not link X.
std::string insitu_display_problem();

// Why a script cannot serve a run of `dims` dimensions, or "": a script may
// say in its header which runs it serves, in a comment line "# grid.dims: 3"
// (or "2", or "2, 3"); one without that line serves any. Read without
// ParaView, so that --check and the Slurm scripts' submit-time check refuse
// a 3D-only script on a 2D run before anything is queued or written.
std::string insitu_script_dims_problem(const std::string& path, int dims);

// Rank 0: creates `dir` (output.dir/insitu); "" or why it is not a folder.
std::string insitu_folder_problem(const std::string& dir);

// What a folder holds, file by file (recursively): what a call wrote is what
// differs between a snapshot before it and one after it. File times come from
// the file system's clock (the kernel's, or a server's on NFS and parallel file
// systems), which may disagree with the program's by seconds, so no check
// compares the program's clock with a file's time.
struct FileStamp {
  unsigned long long inode = 0;
  long long size = 0;
  long long mtime_ns = 0;
  bool operator==(const FileStamp& o) const { return inode == o.inode && size == o.size && mtime_ns == o.mtime_ns; }
};
using FolderSnapshot = std::map<std::string, FileStamp>;
FolderSnapshot snapshot_folder(const std::string& dir);

// How many regular files of `after` are new since `before` or were rewritten
// (another inode, size or modification time).
long files_changed(const FolderSnapshot& before, const FolderSnapshot& after);

}  // namespace gs
