#!/usr/bin/env python3
"""Times torch.nn.functional.conv2d on the shapes `cudnn-probe benchmark` measured, and prints both side by side.

Reads the probe's JSON report, runs every case that ran there with the same batch, precision and memory layout
(NHWC = channels_last), cudnn.benchmark on, and the same protocol: warm-up, then per-iteration CUDA events, median.
Goals on the reference GPU machine: within 5% of PyTorch on every case, >= 60% of the dense FP16 tensor-core peak on
the peak case. With --no-torch (or without PyTorch/CUDA) it prints the probe's side only: a check of this script.
"""
import argparse
import json
import statistics
import sys

RATIO_GOAL = 1.05  # ours / PyTorch, per case
PEAK_GOAL = 60.0  # % of the dense FP16 tensor-core peak, peak case


def load_torch(disabled):
    """(torch, None) or (None, why not)."""
    if disabled:
        return None, "not run (--no-torch)"
    try:
        import torch  # noqa: PLC0415 - optional on purpose
    except ImportError as error:
        return None, "not run (%s)" % error
    if not torch.cuda.is_available():
        return None, "not run (torch.cuda.is_available() is False)"
    return torch, None


def time_with_torch(torch, case, warmup):
    """Median, min and max ms of one forward through the case's layers, timed like the probe does."""
    import torch.nn.functional as F  # noqa: PLC0415

    precision = case["precision"]
    dtype = torch.float16 if precision == "fp16" else torch.float32
    torch.backends.cudnn.enabled = True
    torch.backends.cudnn.benchmark = True
    torch.backends.cudnn.allow_tf32 = precision == "tf32"  # fp32: CUDNN_FMA_MATH, tf32: CUDNN_DEFAULT_MATH
    layout = torch.channels_last if case["layout"] == "nhwc" else torch.contiguous_format

    layers = case["layers"]
    first = layers[0]
    x = torch.rand(first["n"], first["c"], first["h"], first["w"], device="cuda", dtype=dtype) * 2 - 1
    x = x.contiguous(memory_format=layout)
    weights = []
    for layer in layers:
        scale = (3.0 / (layer["c"] * layer["r"] * layer["s"])) ** 0.5
        w = (torch.rand(layer["k"], layer["c"], layer["r"], layer["s"], device="cuda", dtype=dtype) * 2 - 1) * scale
        weights.append((w.contiguous(memory_format=layout), layer))

    def forward(value):
        for w, layer in weights:
            value = F.conv2d(
                value, w, stride=(layer["stride_h"], layer["stride_w"]), padding=(layer["pad_h"], layer["pad_w"])
            )
        return value

    runs = max(case["gpu_ms"]["runs"], 1)
    with torch.no_grad():
        for _ in range(warmup):
            forward(x)
        torch.cuda.synchronize()
        events = [torch.cuda.Event(enable_timing=True) for _ in range(runs + 1)]
        for i in range(runs):
            events[i].record()
            forward(x)
        events[runs].record()
        torch.cuda.synchronize()
    samples = [events[i].elapsed_time(events[i + 1]) for i in range(runs)]
    return statistics.median(samples), min(samples), max(samples)


def number(value, digits=3):
    return "-" if value is None else "%.*g" % (digits, value)


def print_fallbacks(report):
    """Why a case ran through the legacy API instead of the graph API."""
    legacy = [case for case in report.get("cases", []) if case.get("api") == "legacy"]
    if legacy:
        print()
        print("Legacy API (cudnnConvolutionForward) instead of the graph API:")
        for case in legacy:
            print("  %s: %s" % (case["name"], case.get("api_reason") or "no reason given"))


def print_host_cost(report):
    """Per pass: GPU time between events around each pass, the same pass replayed from a CUDA graph, the host's
    enqueue time. events - graph is what the host adds to a pass that the GPU cannot hide."""
    rows = [case for case in report.get("cases", []) if case.get("gpu_ms") and case.get("host_cost")]
    if not rows:
        return
    print()
    print("Host cost per pass (ms): events = per-pass CUDA events (the table above), graph = the same pass captured")
    print("in a CUDA graph, enqueue = host time to enqueue one pass; host share = (events - graph) / events")
    header = "%-24s %10s %10s %10s %10s" % ("case", "events", "graph", "enqueue", "host share")
    print(header)
    print("-" * len(header))
    for case in rows:
        cost = case["host_cost"]
        events = case["gpu_ms"]["median"]
        graph = (cost.get("graph_ms") or {}).get("median")
        share = (events - graph) / events if graph is not None and events else None
        print("%-24s %10s %10s %10s %10s%s" % (
            case["name"], number(events, 4), number(graph, 4), number(cost.get("enqueue_ms"), 4),
            number(share * 100 if share is not None else None) + ("%" if share is not None else ""),
            "  (no CUDA graph: %s)" % cost["graph_error"] if cost.get("graph_error") else ""))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--probe-json", required=True, help="stdout of `cudnn-probe benchmark`")
    parser.add_argument("--no-torch", action="store_true", help="print the probe's side only")
    parser.add_argument("--warmup", type=int, default=5, help="untimed runs first, autotuning included (default 5)")
    args = parser.parse_args()

    with open(args.probe_json, encoding="utf-8") as handle:
        report = json.load(handle)
    torch, why_not = load_torch(args.no_torch)

    gpu = report.get("gpu") or {}
    cudnn = (report.get("libraries") or {}).get("cudnn") or {}
    verdict = report.get("verdict") or {}
    if gpu:
        print("GPU: %s (cc %s, %s SMs, %s MHz)" % (gpu["name"], gpu["cc"], gpu["sms"], number(gpu["clock_khz"] / 1000, 5)))
        print("Peaks (TFLOP/s): FP32 %s, TF32 tensor %s, FP16 tensor %s" % (
            number(gpu.get("peak_fp32_tflops"), 4), number(gpu.get("peak_tf32_tensor_tflops"), 4),
            number(gpu.get("peak_fp16_tensor_tflops"), 4)))
    else:
        print("GPU: none reached")
    print("cudnn-probe: cuDNN %s" % ("%s at %s" % (cudnn["version_text"], cudnn["path"]) if cudnn.get("path")
                                     else "not loaded"))
    if torch is None:
        print("PyTorch: %s" % why_not)
    else:
        torch_cudnn = torch.backends.cudnn.version()
        note = "" if torch_cudnn == cudnn.get("version") else "  <- NOT the cuDNN the probe used"
        print("PyTorch: %s, cuDNN %s, %s%s" % (torch.__version__, torch_cudnn, torch.cuda.get_device_name(0), note))
    print("Verdict: %s: %s" % (verdict.get("code", "?"), verdict.get("message", "")))
    print()
    if not report.get("cases"):
        print("The benchmark ran no case: nothing to compare.")
        return 2

    header = "%-24s %-5s %5s %10s %10s %7s %9s %7s %8s  %-6s %s" % (
        "case", "prec", "batch", "ours ms", "torch ms", "ratio", "TFLOP/s", "%peak", "speedup", "api", "algorithm")
    print(header)
    print("-" * len(header))
    misses = []
    for case in report.get("cases", []):
        name = case["name"]
        if not case.get("gpu_ms"):
            why = case.get("skipped") or case.get("error") or "did not run"
            print("%-24s %-5s  %s" % (name, case["precision"], why))
            continue
        ours = case["gpu_ms"]["median"]
        theirs = None
        if torch is not None:
            try:
                theirs = time_with_torch(torch, case, args.warmup)[0]
            except RuntimeError as error:  # e.g. out of memory: report it, keep going
                print("%-24s PyTorch failed: %s" % (name, error))
        ratio = ours / theirs if theirs else None
        print("%-24s %-5s %5d %10s %10s %7s %9s %7s %8s  %-6s %s" % (
            name, case["precision"], case["batch"], number(ours, 4), number(theirs, 4), number(ratio),
            number(case.get("tflops"), 4), number(case.get("percent_of_peak")), number(case.get("speedup")),
            case.get("api") or "?", case.get("algorithm", "")))
        if ratio is not None and ratio > RATIO_GOAL:
            misses.append("%s is %.1f%% slower than PyTorch" % (name, (ratio - 1) * 100))
        if not case.get("ok"):
            misses.append("%s: wrong result (max_rel_error %s)" % (name, number(case.get("max_rel_error"))))
        if case.get("kind") == "peak":
            percent = case.get("percent_of_peak")
            if percent is None or percent < PEAK_GOAL:
                misses.append("%s reaches %s%% of the FP16 tensor peak (goal %d%%)" % (name, number(percent), PEAK_GOAL))

    print_fallbacks(report)
    print_host_cost(report)
    print()
    if torch is None:
        print("PyTorch goals not checked: PyTorch %s." % why_not)
        peak_misses = [m for m in misses if "tensor peak" in m or "wrong" in m]
        for miss in peak_misses:
            print("  " + miss)
    elif misses:
        print("GOALS MISSED:")
        for miss in misses:
            print("  " + miss)
    else:
        print("GOALS MET: within %d%% of PyTorch on every case, peak case >= %d%% of the FP16 tensor peak." % (
            round((RATIO_GOAL - 1) * 100), PEAK_GOAL))
    return 0


if __name__ == "__main__":
    sys.exit(main())
