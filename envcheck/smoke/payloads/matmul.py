"""Smoke test `matmul`: matrix products on every GPU (or the CPU) in FP32, TF32, FP16, BF16 and
INT8 where supported; each result checked against a float64 reference within its dtype's
tolerance, and timed in TFLOP/s (INT8: TOP/s) on that device's own stream.

FP32 is asked for in IEEE precision (torch.backends.cuda.matmul.allow_tf32 = False) and the
setting cuBLAS consults is read back: NGC containers force TF32 through TORCH_ALLOW_TF32_CUBLAS_OVERRIDE and
NVIDIA_TF32_OVERRIDE (the harness drops both), and when TF32 is still in effect the FP32 result
is checked against the TF32 tolerance and the result says so (`fp32_tf32_in_effect`).
"""

from __future__ import annotations

import os

from envcheck.smoke.payloads._common import (Clock, describe_devices, devices, fault, finish, label, on,
                                             relative_error, start, timed, versions)

SIZES = {"cpu": {"quick": 384, "standard": 1024, "long": 2048},
         "cuda": {"quick": 4096, "standard": 8192, "long": 8192}}
# Seconds each (device, dtype) figure is measured for, and the most it may take.
MEASURE_SECONDS = {"quick": (0.3, 2.0), "standard": (1.0, 5.0), "long": (2.0, 10.0)}
# Relative (Frobenius) error allowed against float64: the dtype's input rounding plus
# accumulation, with headroom (fp32 ~1e-7 per element, tf32 and fp16 ~1e-3, bf16 ~8e-3).
TOLERANCE = {"fp32": 1e-4, "tf32": 1e-2, "fp16": 1e-2, "bf16": 3e-2, "int8": 0.0}
SAMPLED_ROWS = 64
CAST = {"fp32": "float32", "tf32": "float32", "fp16": "float16", "bf16": "bfloat16", "int8": "int8"}


def main() -> None:
    started = start(__doc__)
    if started is None:
        return
    args, torch, import_seconds = started
    n = SIZES[args.device][args.profile]
    low, high = MEASURE_SECONDS[args.profile]
    tf32_forced = fp32_is_tf32(torch) if args.device == "cuda" else False
    metrics, problems, unsupported = {"size": n, "fp32_tf32_in_effect": tf32_forced}, [], {}
    operands = {}  # dtype -> (a, b, sampled rows, float64 reference): the same on every device
    for device in devices(torch, args.device):
        name = label(device)
        with on(torch, device):
            for dtype in dtypes(torch, device):
                if dtype not in operands:
                    operands[dtype] = make_operands(torch, dtype, n)
                try:
                    error, seconds = measure(torch, device, dtype, operands[dtype], low, high)
                except NotImplementedError as exc:
                    unsupported[f"{name}.{dtype}"] = str(exc)[:200]
                    continue
                unit = "tops" if dtype == "int8" else "tflops"
                metrics[f"{name}.{dtype}_{unit}"] = round(2 * n ** 3 / seconds / 1e12, 3)
                metrics[f"{name}.{dtype}_rel_error"] = round(error, 9)
                tolerance = TOLERANCE["tf32" if dtype == "fp32" and tf32_forced else dtype]
                if not error <= tolerance:
                    problems.append(f"{name} {dtype}: relative error {error:.3g} above {tolerance:g}")
    if unsupported:
        metrics["unsupported"] = unsupported
    thresholds = {f"{d}_rel_error_max": t for d, t in TOLERANCE.items()}
    if tf32_forced:
        thresholds["fp32_rel_error_max"] = TOLERANCE["tf32"]
    described = describe_devices(torch, args.device)
    notes = ""
    if tf32_forced:
        notes += "; TF32 was still in effect for FP32, so FP32 was checked against the TF32 tolerance"
    if unsupported:
        notes += "; not supported here: " + ", ".join(sorted(unsupported))
    if problems:
        finish("fail", metrics, "wrong results: " + "; ".join(problems) + notes, versions(torch), import_seconds,
               thresholds, described)
    else:
        finish("pass", metrics, f"{len(described)} device(s), n={n}, results within tolerance{notes}",
               versions(torch), import_seconds, thresholds, described)


def fp32_is_tf32(torch) -> bool:
    """Ask cuBLAS for IEEE FP32 and read back what it will use: True when FP32 products still
    run in TF32 (the setting did not hold, or NVIDIA_TF32_OVERRIDE=1 reaches cuBLAS anyway)."""
    in_effect = set_tf32(torch, False)
    return in_effect or os.environ.get("NVIDIA_TF32_OVERRIDE", "") not in ("", "0")


def set_tf32(torch, allowed: bool) -> bool:
    """Allow or forbid TF32 in cuBLAS FP32 products; whether cuBLAS will use TF32 now.

    Through torch.backends.cuda.matmul.allow_tf32, not the newer fp32_precision: in torch 2.13
    setting fp32_precision alone leaves the older matmul-precision setting behind, and the check
    cuBLAS makes before every FP32 GEMM (the allow_tf32 getter) then raises "you have used mix of
    the legacy and new APIs"; the allow_tf32 setter updates both. The getter is that same check,
    so reading it back is reading what the GEMM will do; if it refuses, TF32 is assumed."""
    matmul = torch.backends.cuda.matmul
    matmul.allow_tf32 = allowed
    try:
        return bool(matmul.allow_tf32)
    except RuntimeError:
        return True


def dtypes(torch, device):
    """What this device is asked to multiply. TF32 and BF16 need compute capability 8.0 (Ampere),
    INT8 tensor-core GEMM 7.5; on older GPUs those rows would only re-measure FP32 or fail."""
    if device.type != "cuda":
        return ["fp32", "bf16", "int8"]
    major, minor = torch.cuda.get_device_capability(device)
    found = ["fp32"]
    if major >= 8:
        found.append("tf32")
    found.append("fp16")
    if major >= 8:
        found.append("bf16")
    if (major, minor) >= (7, 5):
        found.append("int8")
    return found


def make_operands(torch, dtype: str, n: int):
    """Two n x n inputs on the CPU, the rows checked, and their float64 product (computed once,
    shared by every device)."""
    generator = torch.Generator(device="cpu").manual_seed(1234)
    if dtype == "int8":
        a = torch.randint(-8, 8, (n, n), generator=generator, dtype=torch.int8)
        b = torch.randint(-8, 8, (n, n), generator=generator, dtype=torch.int8)
    else:
        a = torch.randn(n, n, generator=generator)
        b = torch.randn(n, n, generator=generator)
        # Round the inputs to the dtype first, so the reference sees exactly what the device sees
        # and the tolerance covers only the product's own rounding.
        cast = getattr(torch, CAST[dtype])
        a, b = a.to(cast).to(torch.float32), b.to(cast).to(torch.float32)
    rows = torch.randperm(n, generator=generator)[:SAMPLED_ROWS]
    reference = a[rows].double() @ b.double()
    return a, b, rows, reference


def column_major(matrix):
    """The same matrix stored column by column, as cuBLAS's INT8 tensor-core GEMM wants its
    second operand: given two row-major operands torch._int_mm falls back to a kernel that ran an
    H100 at 130 TOP/s, 7% of its peak, where the column-major one ran at 855 (n=4096) and 996
    (n=8192). The copy is made once, before the timing, as a user's INT8 layer keeps its weight."""
    return matrix.t().contiguous().t()


def measure(torch, device, dtype: str, operands, low: float, high: float):
    """(relative error, seconds per product) of one dtype on one device. NotImplementedError
    when the device has no kernel for it (INT8 GEMM on some GPUs and shapes)."""
    a, b, rows, reference = operands
    cast = getattr(torch, CAST[dtype])
    x, y = a.to(device=device, dtype=cast), b.to(device=device, dtype=cast)
    if dtype == "int8":
        y = column_major(y)
    if device.type == "cuda":
        set_tf32(torch, dtype == "tf32")
    if dtype == "int8":
        def multiply():
            if fault("matmul") == "unsupported":
                raise RuntimeError("planted: no INT8 GEMM kernel for this device")
            return torch._int_mm(x, y)
        try:
            product = multiply()
        except RuntimeError as exc:  # no INT8 GEMM here: not a slow result, an absent one
            raise NotImplementedError(f"torch._int_mm: {exc}") from None
    else:
        def multiply():
            return x @ y
        product = multiply()
    result = product[rows.to(product.device)].double().cpu()
    if fault("matmul") == "wrong":
        result[0, 0] += 1000.0
    error = relative_error(result, reference)
    del product
    seconds = timed(multiply, Clock(torch, device), low, high)
    return error, seconds


if __name__ == "__main__":
    main()
