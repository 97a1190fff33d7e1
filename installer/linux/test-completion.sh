#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Drives the shell completions of cudnn-setup as a user's TAB would, against the program's own --help:
#   - bash: bash-completion's _init_completion and our _cudnn_setup, called with COMP_WORDS/COMP_CWORD set as
#     readline sets them: `cudnn-setup --<TAB>` offers exactly the options --help lists; `--cuda-root <TAB>` offers
#     folders only; `--report <TAB>` files; `--package <TAB>` archives and folders, not other files;
#     `--path-scope <TAB>` and `--lang <TAB>` their values;
#   - zsh: the _arguments spec parses (zsh -n) and names every option --help lists, and no other.
# Usage: test-completion.sh BASH_COMPLETION ZSH_COMPLETION CUDNN_SETUP   (from test-deb.sh and ctest
# test_shell_completion). Writes only inside its own temporary folder.
set -euo pipefail

bash_file="$(realpath "${1:?usage: test-completion.sh BASH_COMPLETION ZSH_COMPLETION CUDNN_SETUP}")"
zsh_file="$(realpath "${2:?}")"
program="$(realpath "${3:?}")"
bash_completion=/usr/share/bash-completion/bash_completion
[ -r "$bash_completion" ] || { echo "FAIL: $bash_completion is missing (Debian: bash-completion)" >&2; exit 1; }
work="$(mktemp -d "${TMPDIR:-/tmp}/cudnn-setup-completion.XXXXXX")"
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
same() { # same DESCRIPTION EXPECTED ACTUAL (newline-separated sets)
    if [ "$(sort -u <<<"$2")" = "$(sort -u <<<"$3")" ]; then pass "$1"; else
        fail "$1"; diff <(sort -u <<<"$2") <(sort -u <<<"$3") >&2 || true; fi
}

# The long options --help lists ("  -h, --help", "  --package <FILE|DIR>").
env -u LANGUAGE LC_ALL=C "$program" --help >"$work/help.txt"
options="$(grep -oE -- '(^|[ ,])--[a-z0-9-]+' "$work/help.txt" | grep -oE -- '--[a-z0-9-]+' | sort -u)"
[ "$(wc -l <<<"$options")" -ge 20 ] || { cat "$work/help.txt" >&2; echo "FAIL: --help lists too few options" >&2; exit 1; }

# complete WORD... : what bash offers for the last word of `cudnn-setup WORD...`, one per line, run in $work/tree.
complete_words() {
    (cd "$work/tree" && bash --norc --noprofile -c '
        source "$1"; source "$2"; shift 2
        COMP_WORDS=(cudnn-setup "$@"); COMP_CWORD=$(($# )); COMP_LINE="cudnn-setup $*"; COMP_POINT=${#COMP_LINE}
        _cudnn_setup cudnn-setup "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf "%s\n" "${COMPREPLY[@]}"' _ "$bash_completion" "$bash_file" "$@")
}
mkdir -p "$work/tree/toolkit" "$work/tree/archives"
touch "$work/tree/notes.txt" "$work/tree/cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz"

same "bash: cudnn-setup --<TAB> offers every option of --help, and only those" "$options" "$(complete_words --)"
same "bash: cudnn-setup --pa<TAB> offers --package, --package-sha256, --path-scope" \
    "$(printf '%s\n' --package --package-sha256 --path-scope)" "$(complete_words --pa)"
same "bash: --cuda-root <TAB> offers folders only" "$(printf '%s\n' toolkit archives)" "$(complete_words --cuda-root '')"
same "bash: --report <TAB> offers files and folders" \
    "$(printf '%s\n' toolkit archives notes.txt cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz)" \
    "$(complete_words --report '')"
same "bash: --package <TAB> offers archives and folders, not other files" \
    "$(printf '%s\n' toolkit archives cudnn-linux-x86_64-9.19.0.56_cuda13-archive.tar.xz)" \
    "$(complete_words --silent --package '')"
same "bash: --path-scope <TAB> offers user, machine, none" "$(printf '%s\n' user machine none)" \
    "$(complete_words --path-scope '')"
same "bash: --lang z<TAB> offers zh_CN" "zh_CN" "$(complete_words --lang z)"

if command -v zsh >/dev/null; then
    if zsh -n "$zsh_file"; then pass "zsh: the completion parses"; else fail "zsh: the completion parses"; fi
    zsh_options="$(grep -oE -- "--[a-z0-9-]+\[" "$zsh_file" | tr -d '[' | sort -u)"
    zsh_options="$(printf '%s\n%s\n' "$zsh_options" "$(grep -q "{-h,--help}" "$zsh_file" && echo --help)" | sed '/^$/d')"
    same "zsh: the completion names every option of --help, and only those" "$options" "$zsh_options"
else
    echo "skip: zsh is not installed: the zsh completion is not checked"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures completion check(s) failed" >&2
    exit 1
fi
echo "all completion checks passed"
