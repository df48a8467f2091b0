# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Imported by Python at start-up when this folder is on PYTHONPATH (the
# catalyst.unfit_paraview test): changes ParaView's private module
# paraview.catalyst.v2_internals, as a ParaView upgrade could, when it loads.
# GS_TEST_UNFIT chooses how:
#   gone       do_catalyst_execute is removed;
#   signature  do_catalyst_execute takes (module, info) instead of (module);
#   same       each function is replaced by one with the same signature (the
#              run must go on: the check is not about identity).
# GS_TEST_UNFIT_RANK: only on that rank (Open MPI's or MPICH's rank variable);
# every rank when unset.
import importlib.abc
import importlib.machinery
import os
import sys

_mode = os.environ.get("GS_TEST_UNFIT", "")
_rank = os.environ.get("OMPI_COMM_WORLD_RANK", os.environ.get("PMI_RANK", "0"))
_only = os.environ.get("GS_TEST_UNFIT_RANK", "")


def _change(module):
    if _mode == "gone":
        del module.do_catalyst_execute
    elif _mode == "signature":
        original = module.do_catalyst_execute

        def do_catalyst_execute(module, info):
            return original(module)

        module.do_catalyst_execute = do_catalyst_execute
    elif _mode == "same":
        for name in ("register_module", "import_and_validate", "do_catalyst_initialize", "do_request_data_description",
                     "do_catalyst_execute", "do_catalyst_finalize"):
            original = getattr(module, name)
            if name == "do_request_data_description":
                def same(module, dataDescription, _original=original):
                    return _original(module, dataDescription)
            else:
                def same(argument, _original=original):
                    return _original(argument)
            setattr(module, name, same)


class _Changer(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname != "paraview.catalyst.v2_internals":
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            _change(module)

        spec.loader.exec_module = exec_module
        return spec


if _mode and _only in ("", _rank):
    sys.meta_path.insert(0, _Changer())
