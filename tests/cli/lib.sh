# lib.sh: what every gx command-line test shares; sourced by tests/cli/test_*.sh.
#   $gx          the binary under test (GX, default build/bin/gx)
#   $tmp         a scratch directory, removed on exit
#   ok / bad     count a passed / failed check (bad prints its message)
#   cli_golden SUBCOMMAND EXT NAME INPUT WANT
#                run `gx SUBCOMMAND` on INPUT (printf %b) written to $tmp/g.EXT and
#                compare its stdout with WANT byte for byte ($CLI_ARGS, when set, go
#                before the file: e.g. CLI_ARGS="--engine rtl")
#   cli_finish NAME
#                print the check count and `N passed, N failed`; exit status 1 on failure
set -uo pipefail
gx="${GX:-build/bin/gx}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pass=0; fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

cli_golden() {
  local sub="$1" ext="$2" name="$3"
  printf '%b' "$4" > "$tmp/g.$ext"
  printf '%b' "$5" > "$tmp/g.want"
  # shellcheck disable=SC2086  # CLI_ARGS is a word list
  if "$gx" "$sub" ${CLI_ARGS:-} "$tmp/g.$ext" > "$tmp/g.out" 2> "$tmp/g.err" && cmp -s "$tmp/g.out" "$tmp/g.want"
  then ok
  else bad "golden $name: $(cat "$tmp/g.err")"; diff "$tmp/g.out" "$tmp/g.want" | head -20; fi
}

cli_finish() {
  echo "$1: $((pass + fail)) checks"
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ] || exit 1
  exit 0
}
