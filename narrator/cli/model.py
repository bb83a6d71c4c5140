"""``narrator model download|list``: install the vosk English model, show installed models."""
from __future__ import annotations

import argparse
import sys

from hardware.models import (
    CATALOGUE,
    ModelError,
    default_models_dir,
    download_model,
    list_models,
)
from narrator.cli import UsageError


def _progress(done: int, total: int | None) -> None:
    if total:
        print(f"\r  {done * 100 // total:3d}% of {total / 1e6:.1f} MB", end="", file=sys.stderr, flush=True)


def _download(args: argparse.Namespace) -> int:
    source = CATALOGUE.get(args.name)
    if source is None:
        raise UsageError(f"unknown model {args.name!r} (known: {', '.join(sorted(CATALOGUE))})")
    if args.no_verify and args.sha256:
        raise UsageError("--sha256 and --no-verify contradict each other")
    sha256: str | None = None if args.no_verify else (args.sha256 or "")
    models_dir = args.dir or default_models_dir()
    print(f"downloading {source.name} from {args.url or source.url}", file=sys.stderr)
    try:
        path = download_model(source, models_dir, url=args.url, sha256=sha256, force=args.force,
                              progress=None if args.quiet else _progress)
    except ModelError as exc:
        print(f"\nnarrator: {exc}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(file=sys.stderr)
    print(path)
    return 0


def _list(args: argparse.Namespace) -> int:
    models = list_models(args.dir)
    if not models:
        print(f"no models installed in {args.dir or default_models_dir()}")
        return 0
    for model in models:
        print(f"{model.kind:12} {model.name:36} {model.path}")
    return 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("model", help="download and list speech-recognition models")
    commands = parser.add_subparsers(dest="model_command", metavar="ACTION")
    commands.required = True

    download = commands.add_parser("download", help="fetch a vosk model (checksum-verified) and unpack it")
    download.add_argument("name", help="model to fetch: " + ", ".join(sorted(CATALOGUE)))
    download.add_argument("--dir", help=f"models directory (default {default_models_dir()})")
    download.add_argument("--url", help="fetch from this URL instead (file:// works)")
    download.add_argument("--sha256", help="expected SHA-256 of the archive (default: the known one)")
    download.add_argument("--no-verify", action="store_true", help="skip the checksum check")
    download.add_argument("--force", action="store_true", help="download again even if installed")
    download.add_argument("--quiet", action="store_true", help="no progress output")
    download.set_defaults(func=_download)

    listing = commands.add_parser("list", help="installed vosk models and the bundled pocketsphinx model")
    listing.add_argument("--dir", help=f"models directory (default {default_models_dir()})")
    listing.set_defaults(func=_list)
