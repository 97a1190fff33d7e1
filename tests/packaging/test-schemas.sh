#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The JSON schemas in docs/schemas load, accept a minimal document of each kind and reject what breaks the
# contract (a missing key the Ansible role and the PowerShell scripts read, a wrong type, a foreign probe line).
# The documents the programs really write are checked where the tests make them (tests/support/JsonSchemaCheck).
set -euo pipefail
validate="$(dirname "$0")/../support/validate-json.py"
failures=0
accepts() { # accepts SCHEMA DESCRIPTION JSON
    if python3 "$validate" "$1" - <<<"$3" 2>"$errors"; then echo "ok: $1 accepts $2"; else
        cat "$errors" >&2; echo "FAIL: $1 accepts $2" >&2; failures=$((failures + 1)); fi
}
rejects() { # rejects SCHEMA DESCRIPTION JSON
    if python3 "$validate" "$1" - <<<"$3" 2>/dev/null; then echo "FAIL: $1 rejects $2" >&2; failures=$((failures + 1))
    else echo "ok: $1 rejects $2"; fi
}
errors="$(mktemp)"
trap 'rm -f "$errors"' EXIT
envelope='"schema":2,"tool":{"name":"cudnn-setup","version":"0.1.0"},"diagnostics":[]'
install="{$envelope,\"command\":\"install\",\"status\":\"ok\",\"toolkit\":{\"root\":\"/usr/local/cuda\",\"version\":\"13.0\"},
  \"package\":{\"file\":\"/a.tar.xz\",\"sha256\":\"$(printf 'a%.0s' {1..64})\",\"cudnn_version\":\"9.19.0\"},
  \"files\":[{\"path\":\"/usr/local/cuda/lib/libcudnn.so.9\",\"action\":\"added\",\"sha256\":null,\"link_target\":\"x\"}],
  \"benchmark\":{\"status\":\"ran\",\"cpu_baseline\":\"onednn\",\"verdict\":{\"code\":\"BENCH-OK\",\"message\":\"\"}},
  \"a_key_added_later\":{}}"
accepts report "an install report (with a key added later)" "$install"
rejects report "a report without status" "{$envelope,\"command\":\"install\"}"
rejects report "a file action outside the documented ones" \
    "{$envelope,\"command\":\"install\",\"status\":\"ok\",\"files\":[{\"path\":\"/x\",\"action\":\"copied\",\"sha256\":null}]}"
rejects report "a diagnostic without its code" \
    "{\"schema\":2,\"tool\":{\"name\":\"cudnn-setup\",\"version\":\"0.1.0\"},\"command\":\"install\",\"status\":\"ok\",
      \"diagnostics\":[{\"severity\":\"error\",\"message\":\"m\",\"fix\":\"\"}]}"
accepts report "a diagnostic with an action" \
    "{$envelope,\"command\":\"install\",\"status\":\"nothing_found\",\"diagnostics\":[{\"code\":\"CUDA-NONE-FOUND\",
      \"severity\":\"warning\",\"message\":\"m\",\"fix\":\"f\",\"action\":{\"kind\":\"choose-toolkit\"}}]}"
rejects report "an action of a kind it does not document" \
    "{$envelope,\"command\":\"install\",\"status\":\"ok\",\"diagnostics\":[{\"code\":\"CUDA-NONE-FOUND\",
      \"severity\":\"warning\",\"message\":\"m\",\"fix\":\"f\",\"action\":{\"kind\":\"--cuda-root\"}}]}"
rejects report "schema 3" "{\"schema\":3,\"tool\":{\"name\":\"cudnn-setup\",\"version\":\"0.1.0\"},\"command\":\"install\",
    \"status\":\"ok\",\"diagnostics\":[]}"
rejects report "a benchmark baseline without a name it documents" \
    "{$envelope,\"command\":\"install\",\"status\":\"ok\",\"benchmark\":{\"status\":\"ran\",\"cpu_baseline\":\"mkl\"}}"
detect="{$envelope,\"command\":\"detect\",\"status\":\"ok\",\"platform\":\"linux\",
  \"driver\":{\"found\":false,\"source\":\"libraries\",\"version\":null,\"newest_cuda\":null,\"library\":\"\",
            \"nvml_library\":\"\",\"error\":\"\"},
  \"gpus\":[],\"toolkits\":[],\"active_toolkit\":null,\"cudnn\":[],\"redist_platform\":\"linux-x86_64\"}"
accepts detect "a machine with nothing on it" "$detect"
rejects detect "a detect output without toolkits" "${detect/\"toolkits\":\[\],/}"
verdict='"verdict":{"lead":"no-framework","code":"VERDICT-NO-FRAMEWORK","severity":"info","message":"No Python framework that uses cuDNN was found.","problems":0,"finding":null},'
accepts detect "a machine with its verdict" "${detect/\"gpus\":/${verdict}\"gpus\":}"
rejects detect "a verdict of a lead it does not document" "${detect/\"gpus\":/${verdict/no-framework/fine}\"gpus\":}"
rejects detect "a GPU without its compute capability" "${detect/\"gpus\":\[\]/\"gpus\":[{\"index\":0,\"name\":\"x\",\"memory_bytes\":1}]}"
probe='{"probe":{"version":1,"platform":"linux"},"cudnn":{"loaded":false,"requested":"libcudnn.so.9","path":"",
  "version":null,"version_text":"","cudart_version":null,"cudart_version_text":"","error":"not found","tried":[]}}'
accepts probe "cudnn-probe cudnn with nothing loaded" "$probe"
rejects probe "a cudnn line without loaded" "${probe/\"loaded\":false,/}"
rejects probe "a line of no command" '{"probe":{"version":1,"platform":"linux"}}'
rejects probe "probe version 2" "${probe/\"version\":1/\"version\":2}"
if [ "$failures" -ne 0 ]; then echo "$failures schema check(s) failed" >&2; exit 1; fi
echo "all schema checks passed"
