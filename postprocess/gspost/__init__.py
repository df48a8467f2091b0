# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""The subcommands of postprocess/gs_post.py, one module each, and what they share
(summary.py: reading summary.json; common.py: modules, tables, output paths)."""
