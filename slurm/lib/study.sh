# Helpers shared by the study commands (sourced).
study_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
study_die() { echo "$(basename "$0"): $*" >&2; exit 2; }

# Site sbatch options for a plain helper job (montage, collect).
study_helper_sbatch() {
  local site=$1 site_file=$1
  [[ $site == */* || $site == *.env ]] || site_file=$study_root/slurm/site/$site.env
  [[ -f $site_file ]] || study_die "site file $site_file not found"
  (
    # shellcheck disable=SC1090
    source "$site_file"
    args=(--ntasks=1 --time=00:20:00)
    [[ -n ${GS_ACCOUNT:-} ]] && args+=(--account="$GS_ACCOUNT")
    [[ -n ${GS_PARTITION:-} ]] && args+=(--partition="$GS_PARTITION")
    [[ -n ${GS_QOS:-} ]] && args+=(--qos="$GS_QOS")
    printf '%s\n' "${args[@]}"
  )
}

# Balanced ranks per dimension for P ranks in D dimensions (largest factors first, x first).
study_layout() {
  local p=$1 dims=$2
  /usr/bin/python3 - "$p" "$dims" <<'PY'
import sys
p, d = int(sys.argv[1]), int(sys.argv[2])
lay = [1] * d
f, n = 2, p
factors = []
while n > 1:
    while n % f == 0:
        factors.append(f); n //= f
    f += 1
for f in sorted(factors, reverse=True):
    i = min(range(d), key=lambda j: lay[j])
    lay[i] *= f
print(" ".join(map(str, lay)))
PY
}

study_list() { local IFS=,; echo "[$*]"; }
