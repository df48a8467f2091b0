# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Reading summary.json: the one way every subcommand reads a run.

load_summary() checks a summary before anything uses it: the keys postprocess
reads by a built-in type check (any summary_version), then, for the current
version, the whole document against docs/summary.schema.json with jsonschema
when it is installed. A problem is one InputError naming the file and the key.
"""
import json
import math
import os

from .common import InputError

KNOWN_SUMMARY_VERSION = 8
COMPLETE = ("ok", "done")  # summary.json status of a run that reached time.steps
SCHEMA_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "summary.schema.json")


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_num(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _ints(lo):
    return lambda v: _is_int(v) and v >= lo


def _int_or_list(v):
    return _ints(1)(v) or (isinstance(v, list) and len(v) > 0 and all(_ints(1)(x) for x in v))


def _num_or_list(v):
    pos = lambda x: _is_num(x) and x > 0
    return pos(v) or (isinstance(v, list) and len(v) > 0 and all(pos(x) for x in v))


# (key, required, what is allowed, test): the keys the subcommands read.
CHECKS = [
    ("status", True, "a string", lambda v: isinstance(v, str)),
    ("steps", True, "an integer >= 0", _ints(0)),
    ("config", True, "an object", lambda v: isinstance(v, dict)),
    ("time", False, "a number", _is_num),
    ("ranks", False, "an integer >= 1", _ints(1)),
    ("global_cells", False, "an integer >= 1", _ints(1)),
    ("digest", False, "a string", lambda v: isinstance(v, str)),
    ("cell_updates_per_s", False, "a number or null", lambda v: v is None or _is_num(v)),
    ("wall_time_s", False, "an object of seconds per phase", lambda v: isinstance(v, dict)),
    ("config.grid", False, "an object", lambda v: isinstance(v, dict)),
    ("config.physics", False, "an object", lambda v: isinstance(v, dict)),
    ("config.time", False, "an object", lambda v: isinstance(v, dict)),
    ("config.grid.dims", False, "2 or 3", lambda v: v in (2, 3) and _is_int(v)),
    ("config.grid.n", False, "an integer >= 1 or a list of them", _int_or_list),
    ("config.grid.L", False, "a number > 0 or a list of them", _num_or_list),
    ("config.grid.stencil", False, "an integer", _is_int),
    ("config.physics.F", False, "a number", _is_num),
    ("config.physics.k", False, "a number", _is_num),
    ("config.time.integrator", False, "a string", lambda v: isinstance(v, str)),
]


def _shown(v):
    text = json.dumps(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _lookup(s, dotted):
    node = s
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            return False, None
        node = node[part]
    return True, node


def _non_finite(node, where=""):
    """The key of the first NaN or infinity (Python's json reads them; JSON has none), or None."""
    if isinstance(node, float) and not math.isfinite(node):
        return where
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        found = _non_finite(v, "%s[%d]" % (where, k) if isinstance(k, int) else (where + "." if where else "") + k)
        if found is not None:
            return found
    return None


def _builtin_check(path, s):
    for key, required, allowed, ok in CHECKS:
        present, value = _lookup(s, key)
        if not present:
            if required:
                raise InputError("%s: key '%s' missing (not a grayscott summary.json?)" % (path, key))
            continue
        if not ok(value):
            raise InputError("%s: key '%s' is %s; expected %s" % (path, key, _shown(value), allowed))
    for phase, secs in (s.get("wall_time_s") or {}).items():
        if not _is_num(secs) or secs < 0:
            raise InputError("%s: key 'wall_time_s.%s' is %s; expected seconds (a number >= 0)" % (path, phase, _shown(secs)))


def _schema_validator():
    """A validator of docs/summary.schema.json, or None without jsonschema or the schema file."""
    try:
        import jsonschema
    except ImportError:
        return None
    try:
        with open(SCHEMA_PATH) as f:
            schema = json.load(f)
    except (OSError, ValueError):
        return None
    cls = jsonschema.validators.validator_for(schema)
    return cls(schema)


_VALIDATOR = []


def _schema_check(path, s):
    if not _VALIDATOR:
        _VALIDATOR.append(_schema_validator())
    validator = _VALIDATOR[0]
    if validator is None:
        return
    import jsonschema
    error = jsonschema.exceptions.best_match(validator.iter_errors(s))
    if error is None:
        return
    key = ""
    for part in error.absolute_path:
        key += "[%d]" % part if isinstance(part, int) else ("." if key else "") + str(part)
    message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
    raise InputError("%s: %s%s (docs/summary.schema.json)" % (path, "key '%s': " % key if key else "", message))


def load_summary(path):
    """summary.json of a run (path = the file or its run folder), checked; adds _path and _dir."""
    if os.path.isdir(path) and os.path.basename(os.path.normpath(path)) != "summary.json":
        path = os.path.join(path, "summary.json")
    if os.path.isdir(path):
        raise InputError("%s: is a folder, not a summary file" % path)
    try:
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
    except FileNotFoundError:
        raise InputError("%s: no such file (is this a run's output.dir?)" % path)
    except OSError as e:
        raise InputError("%s: cannot read (%s)" % (path, e.strerror or e))
    except (ValueError, UnicodeDecodeError, RecursionError) as e:
        raise InputError("%s: not valid JSON (%s)" % (path, str(e)[:120]))
    if not isinstance(s, dict):
        raise InputError("%s: not a summary object" % path)
    version = s.get("summary_version", 1)  # version 1 had no such key
    if not _is_int(version) or version < 1 or version > KNOWN_SUMMARY_VERSION:
        raise InputError("%s: summary_version %s is not one this script reads (1 to %d)"
                         % (path, _shown(version), KNOWN_SUMMARY_VERSION))
    bad = _non_finite(s)
    if bad is not None:
        raise InputError("%s: key '%s' is not a finite number (JSON has no NaN or Infinity; grayscott writes null)"
                         % (path, bad))
    _builtin_check(path, s)
    if version == KNOWN_SUMMARY_VERSION:
        _schema_check(path, s)
    s["_path"] = path
    s["_dir"] = os.path.dirname(os.path.abspath(path))
    return s


def cfg(s, dotted, default=None):
    """A config value from a summary: 'grid.n' looks in config.grid.n (or config['grid.n'])."""
    c = s.get("config", {})
    if dotted in c:
        return c[dotted]
    node = c
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            if default is not None:
                return default
            raise InputError("%s: config key '%s' missing" % (s["_path"], dotted))
        node = node[part]
    return node


def grid_of(s):
    dims = int(cfg(s, "grid.dims", 2))
    n = cfg(s, "grid.n")
    L = cfg(s, "grid.L")
    n = [int(x) for x in (n if isinstance(n, list) else [n] * dims)][:dims]
    L = [float(x) for x in (L if isinstance(L, list) else [L] * dims)][:dims]
    if len(n) < dims or len(L) < dims:
        raise InputError("%s: config grid.n or grid.L has fewer than grid.dims = %d entries" % (s["_path"], dims))
    return dims, n, L


PHASE_GROUPS = [  # stacked-bar groups: (label, phases summed); absent phases count 0
    ("compute", ["compute"]),
    ("halo", ["halo_exchange", "halo"]),
    ("I/O", ["diagnostics", "images", "output", "fields", "field_output", "checkpoint", "io"]),
    ("in-situ", ["insitu"]),
    ("other", ["other"]),  # init is once per run, not per step: left out
]


def loop_seconds(s):
    """The run's time-loop seconds (> 0: rates divide by it)."""
    w = s.get("wall_time_s") or {}
    for key in ("time_loop", "total"):
        if key in w:
            if not w[key] > 0:
                raise InputError("%s: key 'wall_time_s.%s' is %s; a run's loop time must be > 0 to give rates"
                                 % (s["_path"], key, _shown(w[key])))
            return float(w[key])
    raise InputError("%s: wall_time_s has neither time_loop nor total" % s["_path"])


def phase_seconds(s):
    w = s.get("wall_time_s") or {}
    return {label: sum(float(w[k]) for k in keys if k in w) for label, keys in PHASE_GROUPS}
