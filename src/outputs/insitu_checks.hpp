#pragma once
// What the in-situ output checks outside Catalyst: before step 0, that an X
// display can be opened (Debian's ParaView renders only through X: no EGL or
// OSMesa build) and that output.dir/insitu is or can be made a folder; after
// each call, that the scripts still write files there.
#include <filesystem>
#include <string>

namespace gs {

// This rank's problem with the X display, or "" when one opens. Loads libX11
// only here, at run time, so the program itself does not link X.
std::string insitu_display_problem();

// Rank 0: creates `dir` (output.dir/insitu); "" or why it is not a folder.
std::string insitu_folder_problem(const std::string& dir);

// Rank 0: how many files under `dir` (recursively) were modified at or after `since`.
long files_written_since(const std::string& dir, std::filesystem::file_time_type since);

}  // namespace gs
