"""The subcommands of postprocess/gs_post.py, one module each, and what they share
(summary.py: reading summary.json; common.py: modules, tables, output paths)."""
