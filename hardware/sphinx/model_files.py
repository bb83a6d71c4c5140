"""The PyPI pocketsphinx model in the form sphinxtrain's tools read.

The model bundled with the PyPI package (``pocketsphinx/model/en-us/en-us``) is a PTM model
(42 codebooks of 128 Gaussians, 3 streams of 13: ``-feat 1s_c_d_dd -svspec
0-12/13-25/26-38``, 5126 senones) shipped for decoding only: its model definition is binary
(``mdef``, "BMDF") and its mixture weights are the 8-bit quantized ``sendump``. sphinxtrain's
``bw`` reads a text model definition and float mixture weights (``mixture_weights``), which the
package does not ship (nor does Debian's pocketsphinx-en-us). So:

- the text mdef comes from ``pocketsphinx_mdef_convert -text`` (Debian package pocketsphinx);
- ``mixture_weights`` is decoded from ``sendump`` here: each byte ``v`` is
  ``-log_1.0001(w) >> 10`` (sphinxtrain's mk_s2sendump), so ``w = 1.0001 ** (-1024 v)``,
  renormalized per senone and stream. Its step is 0.1 nats; the weights are only read by
  ``bw`` to align the enrollment audio (MLLR leaves them alone).

``means``, ``variances`` and ``transition_matrices`` are already in sphinxtrain's s3 format.
"""
from __future__ import annotations

import shutil
import struct
import subprocess
from pathlib import Path

import numpy as np

LOG_BASE = 1.0001
SENSCR_SHIFT = 10


class ModelFormatError(ValueError):
    """A model file that is not in the format expected: the message names it."""


def read_sendump(path: Path) -> np.ndarray:
    """The quantized mixture weights as bytes, shaped [feature][density][senone]."""
    data = Path(path).read_bytes()
    offset, fields = 0, {}
    while True:
        if offset + 4 > len(data):
            raise ModelFormatError(f"{path.name}: header runs past the end")
        (length,) = struct.unpack_from("<i", data, offset)
        offset += 4
        if length == 0:
            break
        if not 0 < length < 1000:
            raise ModelFormatError(f"{path.name}: not a little-endian sendump")
        text = data[offset:offset + length].rstrip(b"\0").decode("ascii", "replace")
        offset += length
        key, _, value = text.partition(" ")
        if value.strip().isdigit():
            fields[key] = int(value)
    if fields.get("cluster_count", 0) != 0:
        raise ModelFormatError(f"{path.name}: clustered sendump files are not supported")
    n_feat = fields.get("feature_count", 0)
    rows, cols = struct.unpack_from("<ii", data, offset)
    offset += 8
    body = np.frombuffer(data, dtype=np.uint8, offset=offset)
    if n_feat <= 0 or body.size != n_feat * rows * cols:
        raise ModelFormatError(f"{path.name}: {body.size} bytes of weights, expected "
                               f"{n_feat} x {rows} x {cols}")
    return body.reshape(n_feat, rows, cols)


def sendump_to_weights(quantized: np.ndarray, senones: int) -> np.ndarray:
    """Float mixture weights [senone][feature][density], each row summing to 1."""
    q = quantized[:, :, :senones].astype(np.float64)
    weights = np.exp(-q * (1 << SENSCR_SHIFT) * np.log(LOG_BASE))  # [feat][density][senone]
    weights = np.transpose(weights, (2, 0, 1))
    weights /= weights.sum(axis=2, keepdims=True)
    return weights.astype(np.float32)


def write_s3_mixw(path: Path, weights: np.ndarray) -> Path:
    """sphinxtrain's s3 mixture weights file (no checksum)."""
    n_mixw, n_feat, n_density = weights.shape
    with open(path, "wb") as handle:
        handle.write(b"s3\nversion 1.0\nendhdr\n")
        handle.write(struct.pack("<I", 0x11223344))
        handle.write(struct.pack("<4i", n_mixw, n_feat, n_density, weights.size))
        handle.write(np.ascontiguousarray(weights, dtype="<f4").tobytes())
    return path


def read_s3_mixw(path: Path) -> np.ndarray:
    """An s3 mixture weights file (as :func:`write_s3_mixw` or map_adapt write it)."""
    data = Path(path).read_bytes()
    end = data.find(b"endhdr\n")
    if not data.startswith(b"s3\n") or end < 0:
        raise ModelFormatError(f"{Path(path).name}: not an s3 file")
    offset = end + len(b"endhdr\n")
    (magic,) = struct.unpack_from("<I", data, offset)
    if magic != 0x11223344:
        raise ModelFormatError(f"{Path(path).name}: not little-endian")
    n_mixw, n_feat, n_density, total = struct.unpack_from("<4i", data, offset + 4)
    values = np.frombuffer(data, dtype="<f4", count=total, offset=offset + 20)
    return values.reshape(n_mixw, n_feat, n_density)


def senone_count(text_mdef: Path) -> int:
    for line in Path(text_mdef).read_text(encoding="ascii", errors="replace").splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[1] == "n_tied_state":
            return int(parts[0])
    raise ModelFormatError(f"{Path(text_mdef).name}: no n_tied_state line")


def text_mdef(model: Path, out: Path, converter: str | None = None) -> Path:
    """The model definition as text (as it is, if it already is)."""
    source = Path(model) / "mdef"
    head = source.read_bytes()[:4]
    if head.startswith(b"0.3"):
        shutil.copyfile(source, out)
        return out
    tool = converter or shutil.which("pocketsphinx_mdef_convert")
    if tool is None:
        raise FileNotFoundError("pocketsphinx_mdef_convert")
    subprocess.run([tool, "-text", str(source), str(out)], check=True, capture_output=True)
    return out


def training_model(model: Path, out: Path, converter: str | None = None) -> Path:
    """A copy of ``model`` that sphinxtrain can read (text mdef as ``mdef.txt``, float
    ``mixture_weights``), made once in ``out``."""
    model, out = Path(model), Path(out)
    done = out / "mixture_weights"
    if done.is_file() and (out / "mdef.txt").is_file():
        return out
    out.mkdir(parents=True, exist_ok=True)
    for name in ("means", "variances", "transition_matrices", "noisedict", "feat.params"):
        shutil.copyfile(model / name, out / name)
    mdef = text_mdef(model, out / "mdef.txt", converter)
    if (model / "mixture_weights").is_file():
        shutil.copyfile(model / "mixture_weights", out / "mixture_weights.part")
    else:
        weights = sendump_to_weights(read_sendump(model / "sendump"), senone_count(mdef))
        write_s3_mixw(out / "mixture_weights.part", weights)
    (out / "mixture_weights.part").replace(done)
    return out
