# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# Argument checks shared by slurm/submit.sh and the study commands (sourced).
# Every check runs before anything is submitted or written; a refusal is one
# line on stderr naming the option, the value and what is allowed, exit 2.
# Numbers are checked here in bash (and awk for reals), never by a Python
# traceback.

# The calling command's name in messages (submit.sh, sweep.sh, ...).
args_prog=$(basename "$0")

# A path as it appears in a message: quoted, control characters escaped, never
# cut (the user must be able to find the file it names).
args_path() {
  local v=$1
  if [[ $v == *[[:cntrl:]]* ]]; then v=$(printf %q "$v"); else v="'$v'"; fi
  printf '%s' "$v"
}

# A value as it appears in a message: as args_path, and at most 80 characters
# (the middle cut), so a long value the user typed stays one readable line.
args_show() {
  local v
  v=$(args_path "$1")
  ((${#v} > 80)) && v="${v:0:38}...${v: -38}"
  printf '%s' "$v"
}

# args_refuse OPTION VALUE ALLOWED: the one-line refusal, exit 2.
args_refuse() {
  echo "$args_prog: $1 $(args_show "$2"): allowed: $3" >&2
  exit 2
}

# args_fail MESSAGE: a refusal that is not about one option's value.
args_fail() {
  echo "$args_prog: $*" >&2
  exit 2
}

# args_need OPTION NARGS: an option that takes a value must have one ("$#" of the caller).
args_need() {
  (($2 >= 2)) || args_fail "$1 needs a value (see --help)"
}

# args_int OPTION VALUE MIN MAX: a decimal integer in [MIN, MAX]; prints it
# normalised (leading zeros dropped: 08 is 8, not an octal error).
# args_shared WORD: the options every script takes after its own. 0: WORD was
# one (--dry-run sets dry=1) and the caller shifts it; 1: the options end at
# WORD. -h/--help prints the caller's usage and exits 0; any other -option fails.
args_shared() {
  case $1 in
    --dry-run) dry=1 ;;
    -h | --help) usage; exit 0 ;;
    -*) args_fail "unknown option $(args_show "$1") (see --help)" ;;
    *) return 1 ;;
  esac
}

args_int() {
  local opt=$1 v=$2 lo=$3 hi=$4
  [[ $v =~ ^[0-9]{1,9}$ ]] || args_refuse "$opt" "$v" "an integer from $lo to $hi"
  v=$((10#$v))
  ((v >= lo && v <= hi)) || args_refuse "$opt" "$v" "an integer from $lo to $hi"
  echo "$v"
}

# args_real OPTION VALUE KIND: a finite decimal number (no nan, inf or hex);
# KIND "positive" (> 0, and not so small it rounds to 0) or "nonnegative".
args_real() {
  local opt=$1 v=$2 kind=$3 what
  what=$([[ $kind == positive ]] && echo "a finite number > 0" || echo "a finite number >= 0")
  [[ $v =~ ^[+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]{1,3})?$ ]] || args_refuse "$opt" "$v" "$what"
  # awk's doubles: 1e400 is inf, 1e-400 is 0; both refused.
  awk -v x="$v" -v k="$kind" 'BEGIN { y = x + 0; ok = (y == y) && (y < 1e300) && (k == "nonnegative" ? y >= 0 : y > 0); exit !ok }' ||
    args_refuse "$opt" "$v" "$what"
}

# args_time OPTION VALUE: a Slurm time limit (MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS).
args_time() {
  [[ $2 =~ ^([0-9]{1,5}|[0-9]{1,5}:[0-5]?[0-9]|[0-9]{1,5}:[0-5]?[0-9]:[0-5]?[0-9]|[0-9]{1,3}-[0-9]{1,2}(:[0-5]?[0-9]){0,2})$ ]] ||
    args_refuse "$1" "$2" "a Slurm time limit: MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM or D-HH:MM:SS"
  [[ $2 =~ ^0*(:0*)*$ ]] && args_refuse "$1" "$2" "a time limit above zero"
  return 0
}

# args_seconds TIME: a time limit that args_time accepted, in seconds.
args_seconds() {
  local t=$1 d=0 h=0 m=0 sec=0
  if [[ $t == *-* ]]; then
    d=${t%%-*} t=${t#*-}
    IFS=: read -r h m sec <<<"$t"
  else
    local parts
    IFS=: read -r -a parts <<<"$t"
    case ${#parts[@]} in
      1) m=${parts[0]} ;;
      2) m=${parts[0]} sec=${parts[1]} ;;
      3) h=${parts[0]} m=${parts[1]} sec=${parts[2]} ;;
    esac
  fi
  echo $((((10#$d * 24 + 10#${h:-0}) * 60 + 10#${m:-0}) * 60 + 10#${sec:-0}))
}

# args_site OPTION VALUE ROOT: a site name (slurm/site/NAME.env) or a path to an
# .env file; prints the file's absolute path.
args_site() {
  local opt=$1 site=$2 root=$3 file=$2
  if [[ $site != */* && $site != *.env ]]; then
    [[ $site =~ ^[A-Za-z0-9_.-]+$ ]] || args_refuse "$opt" "$site" "a site name ($(args_sites "$root")) or the path of an .env file"
    file=$root/slurm/site/$site.env
  fi
  [[ -f $file ]] || args_refuse "$opt" "$site" "a site name ($(args_sites "$root")) or the path of an .env file"
  echo "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")"
}

args_sites() {
  local f names=()
  for f in "$1"/slurm/site/*.env; do names+=("$(basename "$f" .env)"); done
  local IFS=,
  echo "${names[*]}" | sed 's/,/, /g'
}

# args_name OPTION VALUE: a job name or folder name free of control characters.
args_text() {
  [[ -n $2 && $2 != *[[:cntrl:]]* && ${#2} -le 4096 ]] || args_refuse "$1" "$2" "${3:-a non-empty value without control characters}"
}

# args_overrides ARG...: the program's key=value overrides (the program checks
# the keys and values; here only their shape, so a stray word or an option
# after INPUT is not passed on to a job).
args_overrides() {
  local a
  for a in "$@"; do
    [[ $a =~ ^[A-Za-z_][A-Za-z0-9_.]*= && $a != *$'\n'* && $a != *$'\r'* ]] ||
      args_refuse "override" "$a" "key=value after INPUT.toml (options go before it; no newlines)"
  done
}

# args_input VALUE: the input file.
args_input() {
  [[ -f $1 && -r $1 ]] || args_refuse "INPUT" "$1" "a readable TOML input file"
}

# args_print_cmd WORD...: one command line that bash runs as printed.
args_print_cmd() {
  local out="" w
  for w in "$@"; do out+="$(printf '%q' "$w") "; done
  echo "${out% }"
}
# args_chain_jobs DIR: the job ids that DIR/chain.log names (the head a
# submission queued, every job that started there, every resubmission).
args_chain_jobs() {
  [[ -f $1/chain.log ]] || return 0
  grep -oE '^job [0-9_]+[ :]|resubmitted as [0-9_]+' "$1/chain.log" | grep -oE '[0-9_]+' | sort -u
}

# args_live_job DIR: "ID STATE" of a job that DIR/chain.log names and Slurm
# still has queued or running ("" if none).
args_live_job() {
  local id state
  while read -r id; do
    [[ -n $id ]] || continue
    state=$(squeue -h -j "$id" -o %T 2>/dev/null | head -n 1) || state=""
    [[ -n $state ]] && { echo "$id $state"; return 0; }
  done < <(args_chain_jobs "$1")
  return 0
}

# args_newest_checkpoint FOLDER: the name of the checkpoint file with the
# highest step in FOLDER ("" if none), as the program picks it (a non-empty
# regular ckpt_<step>.h5: it writes a checkpoint under a .tmp name and renames
# it when done, so every such file is complete).
args_newest_checkpoint() {
  local f name best="" best_step=-1 step
  for f in "$1"/ckpt_*.h5; do
    [[ -f $f && -s $f ]] || continue
    name=${f##*/}
    [[ $name =~ ^ckpt_0*([0-9]{1,18})\.h5$ ]] || continue
    step=${BASH_REMATCH[1]}
    ((10#$step > best_step)) && { best_step=$((10#$step)); best=$name; }
  done
  printf '%s' "$best"
}

# args_restart OUTDIR [key=value ...]: the checkpoint that the run's restart=
# (the last one given) names must be there when the job is submitted: a file
# as given; restart=latest (OUTDIR/checkpoints) or restart=FOLDER through the
# folder's 'latest' pointer, as the program resolves it. One line on stderr
# says which checkpoint restart=latest (or FOLDER) takes. A pointer to a file
# that is gone (deleted by hand) is followed as the program follows it: the run
# continues from the newest checkpoint still there, and the line names both;
# with none there it is refused. Not called with --dependency: the job waited
# for may write the checkpoint.
args_restart() {
  local outdir=$1 a arg="" folder name newest hint
  shift
  for a in "$@"; do [[ $a == restart=* ]] && arg=${a#restart=}; done
  [[ -n $arg ]] || return 0
  if [[ $arg == latest ]]; then
    folder=$outdir/checkpoints
  elif [[ -d $arg ]]; then
    folder=$arg/checkpoints
    [[ -e $arg/latest ]] && folder=$arg
  else
    [[ -f $arg ]] || args_refuse restart "$arg" "a checkpoint file that exists, a checkpoint or output folder, or 'latest' (no such file)"
    return 0
  fi
  folder=$(realpath -m -- "$folder")
  newest=$(args_newest_checkpoint "$folder")
  hint="no checkpoint file is there"
  [[ -n $newest ]] && hint="the newest checkpoint there is $newest: give restart=$(printf %q "$folder/$newest") to continue from it"
  [[ -f $folder/latest ]] ||
    args_fail "restart=$arg: no checkpoint found ($(args_path "$folder/latest") is missing); $hint"
  name=""
  read -r name <"$folder/latest" || true
  [[ $name =~ ^ckpt_[0-9]{1,18}\.h5$ ]] ||
    args_fail "restart=$arg: $(args_path "$folder/latest") does not name a checkpoint (it holds $(args_show "$name")); $hint"
  if [[ -f $folder/$name ]]; then
    [[ $name =~ ^ckpt_0*([0-9]+)\.h5$ ]]
    echo "$args_prog: restart=$arg takes $folder/$name (step ${BASH_REMATCH[1]})" >&2
    return 0
  fi
  [[ -n $newest ]] ||
    args_fail "restart=$arg: $(args_path "$folder/latest") names $name, which is gone, and no other checkpoint is there"
  [[ $newest =~ ^ckpt_0*([0-9]+)\.h5$ ]]
  echo "$args_prog: restart=$arg: $(args_path "$folder/latest") names $name, which is gone; the run continues from the newest checkpoint there, $folder/$newest (step ${BASH_REMATCH[1]})" >&2
}

# args_launcher LAUNCHER SITE_FILE: the site's launcher, checked where that
# needs no job: an srun --mpi type must be one this Slurm offers (srun
# --mpi=list). Launchers that only the compute nodes have are left to the job.
args_launcher() {
  local words=() mpi="" i out types
  read -r -a words <<<"$1"
  ((${#words[@]})) && [[ ${words[0]##*/} == srun ]] || return 0
  for ((i = 1; i < ${#words[@]}; i++)); do
    case ${words[i]} in
      --mpi=*) mpi=${words[i]#--mpi=} ;;
      --mpi) mpi=${words[i + 1]:-} ;;
    esac
  done
  [[ -n $mpi ]] || return 0
  out=$(timeout 10 "${words[0]}" --mpi=list 2>/dev/null) || return 0
  types=$(awk '/^[[:space:]]+[A-Za-z0-9_]+[[:space:]]*$/ { print $1 }
    /plugin versions available:/ { sub(/.*available:[[:space:]]*/, ""); gsub(/,/, " "); print }' <<<"$out" | tr '\n' ' ')
  types=$(echo $types)  # one space between names
  [[ -n $types ]] || return 0
  [[ " $types " == *" $mpi "* ]] ||
    args_refuse "GS_LAUNCHER of $2" "$1" "srun with an MPI type that this Slurm offers (srun --mpi=list): ${types// /, }"
}

source "$(dirname "${BASH_SOURCE[0]}")/precheck.sh"
