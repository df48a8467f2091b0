#!/usr/bin/python3
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
"""Validates summaries against docs/summary.schema.json, and checks that the
schema can fail: a summary with a wrong type, a missing key or an unknown key
is refused. Also: the schema's config section lists exactly the keys that
`grayscott --help` lists, and postprocess's load_summary accepts every one.

Numbers read back exactly (the physics of INPUT), and the failed
run's non-finite statistics are null.

usage: validate.py SCHEMA HELP_TXT REPO INPUT STATUS=SUMMARY.json ...
"""
import copy
import json
import re
import sys
import tomllib

import jsonschema


def main():
    schema_path, help_path, repo, input_path = sys.argv[1:5]
    toml = tomllib.load(open(input_path, "rb"))
    schema = json.load(open(schema_path))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    failures = []

    keys = set(re.findall(r"^  ([A-Za-z0-9_]+\.[A-Za-z0-9_]+)  \(", open(help_path).read(), re.M))
    config = schema["properties"]["config"]["properties"]
    in_schema = {"%s.%s" % (sec, k) for sec, body in config.items() for k in body["properties"]}
    if not keys or keys != in_schema:
        failures.append("schema config keys differ from --help: only in --help %s, only in the schema %s"
                        % (sorted(keys - in_schema), sorted(in_schema - keys)))

    sys.path.insert(0, repo + "/postprocess")
    from gspost.summary import load_summary
    from gspost.common import InputError

    first = None
    for arg in sys.argv[5:]:
        status, path = arg.split("=", 1)
        summary = json.load(open(path))
        errors = sorted(validator.iter_errors(summary), key=lambda e: list(e.absolute_path))
        for e in errors[:5]:
            failures.append("%s: %s: %s" % (path, "/".join(map(str, e.absolute_path)) or "(top)", e.message))
        if summary.get("status") != status:
            failures.append("%s: status %r, expected %r" % (path, summary.get("status"), status))
        try:
            load_summary(path)
        except InputError as e:
            failures.append("postprocess refuses %s: %s" % (path, e))
        if not errors:
            print("valid: %s (%s, %d outputs: %s)" % (path, status, len(summary["outputs"]),
                                                     ", ".join(summary["outputs"])))
        first = first or summary
        for section, key in (("physics", "F"), ("physics", "k"), ("physics", "Du"), ("physics", "Dv")):
            if summary["config"][section][key] != toml[section][key]:
                failures.append("%s: config.%s.%s = %r does not read back as the input's %r"
                                % (path, section, key, summary["config"][section][key], toml[section][key]))
        # Each rank's phases: one per rank, the slowest of them the phase in
        # wall_time_s (the same numbers, so equal to the bit); time_loop there
        # is rank 0's.
        per_rank = summary.get("wall_time_per_rank_s", {})
        for phase in ("init", "compute", "halo_exchange", "time_loop"):
            times = per_rank.get(phase, [])
            if len(times) != summary["ranks"]:
                failures.append("%s: wall_time_per_rank_s.%s has %d entries for %d ranks"
                                % (path, phase, len(times), summary["ranks"]))
            elif (times[0] if phase == "time_loop" else max(times)) != summary["wall_time_s"][phase]:
                failures.append("%s: the slowest rank's %s in wall_time_per_rank_s is %r, wall_time_s says %r"
                                % (path, phase, max(times), summary["wall_time_s"][phase]))
        if status == "failed" and None not in summary["final_stats"].values():
            failures.append("%s: a run that blew up has no null (non-finite) final_stats: %s" % (path, summary["final_stats"]))

    # The schema must be able to say no.
    broken = []
    variants = [
        ("steps as a string", lambda s: s.__setitem__("steps", "ten")),
        ("config null", lambda s: s.__setitem__("config", None)),
        ("grid.n as a string", lambda s: s["config"]["grid"].__setitem__("n", "sixteen")),
        ("wall_time_s as a string", lambda s: s.__setitem__("wall_time_s", "fast")),
        ("physics.F as a string", lambda s: s["config"]["physics"].__setitem__("F", "high")),
        ("digest not 16 hex digits", lambda s: s.__setitem__("digest", "xyz")),
        ("status unknown", lambda s: s.__setitem__("status", "done-ish")),
        ("no digest", lambda s: s.pop("digest")),
        ("a rank's halo time as a string", lambda s: s["wall_time_per_rank_s"]["halo_exchange"].__setitem__(0, "slow")),
        ("an unknown top-level key", lambda s: s.__setitem__("surprise", 1)),
        ("an unknown config key", lambda s: s["config"]["grid"].__setitem__("nn", 3)),
        ("final_stats.v_mean as a string", lambda s: s["final_stats"].__setitem__("v_mean", "0.1")),
        ("no build", lambda s: s.pop("build")),
        ("build.commit not a commit", lambda s: s["build"].__setitem__("commit", "v0.1.0")),
        ("build.modified as a string", lambda s: s["build"].__setitem__("modified", "yes")),
    ]
    for what, edit in variants:
        s = copy.deepcopy(first)
        edit(s)
        if validator.is_valid(s):
            broken.append(what)
    if broken:
        failures.append("the schema accepts invalid summaries: " + "; ".join(broken))
    else:
        print("refused: %d invalid variants of a valid summary" % len(variants))
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
