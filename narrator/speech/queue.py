"""The narration the game talks to: a speech queue that never blocks the game loop.

``say(channel, text)`` enqueues and returns at once. Two worker threads do the rest: the
renderer turns queued lines into clips (through the sentence cache), always working ahead
of playback, so the next line is ready when the current one ends; the player plays them in
order on the public (table) or private (Storyteller) channel. When no line is waiting, the
renderer works through :meth:`SpeechQueue.prepare`'s static prompts in the background.
Synthesis itself always happens on the one pyttsx3 engine thread (``hardware.tts``).
Without espeak-ng or a sound card, :class:`PrintedNarration` prints the lines.
:func:`open_narration` picks one and never raises for a missing device.
"""
from __future__ import annotations

import logging
import queue
import sys
import threading
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Iterable, TextIO

from hardware.audio_clip import Clip
from hardware.earcons import earcon
from hardware.speakers import (
    AudioUnavailable, DeviceLost, OutputBackend, Speaker, SoundDeviceBackend,
    find_output_device,
)
from hardware.tts import Synthesizer, TtsError, TtsUnavailable
from narrator.speech.cache import DEFAULT_ENGINE, PromptCache, SynthesizerLike, VoiceSpec
from narrator.speech.engines import choose_engines
from narrator.speech.printed import LinePrinter, Preparation, PrintedNarration
from narrator.speech.respell import respell
from narrator.speech.settings import CHANNELS, NO_DEVICE, Channel, SpeechSettings, check_channel
from statemachine.line_rules import checked

log = logging.getLogger("narrator.lines")

@dataclass(eq=False)
class _Item:
    channel: Channel
    text: str = ""
    earcon: str | None = None
    cancel: threading.Event = field(default_factory=threading.Event)
    # (clip, gain) from the renderer; None when the channel prints; TtsError if it failed
    rendered: Future = field(default_factory=Future)


_CLOSE = object()


class SpeechQueue:
    """Speaks lines in order on worker threads. ``sinks[channel]`` None means printed."""

    def __init__(self, settings: SpeechSettings, synthesizer: SynthesizerLike,
                 sinks: dict[Channel, Speaker | None], out: TextIO = sys.stdout,
                 engine_name: str = "", notes: dict[str, str] | None = None,
                 engines: dict[str, SynthesizerLike] | None = None) -> None:
        self.settings = settings
        self.cache = PromptCache(synthesizer, settings.cache_dir, engines=engines)
        self.lexicon: dict[str, str] = {}   # names respelled for the engine (respell.py)
        self.sinks = dict(sinks)
        self.engine_name = engine_name
        self.problems: list[str] = []
        self.notes: dict[str, str] = dict(notes or {})  # why a channel is printed
        self.speaking = threading.Event()  # set while anything is queued or playing
        self._idle = threading.Event()
        self._idle.set()
        self._printer = LinePrinter(out)
        self._queue: queue.SimpleQueue[object] = queue.SimpleQueue()  # for the player
        self._lock = threading.Lock()
        self._pending: list[_Item] = []
        self._current: _Item | None = None
        self._last_private: str | None = None
        self._closed = False
        # The renderer's work: queued lines first, then background preparation.
        self._work = threading.Condition()
        self._to_render: deque[_Item] = deque()
        self._to_prepare: deque[tuple[str, VoiceSpec, Preparation]] = deque()
        self._renderer = threading.Thread(target=self._render_loop, name="speech-render",
                                          daemon=True)
        self._thread = threading.Thread(target=self._run, name="speech-queue", daemon=True)
        self._renderer.start()
        self._thread.start()

    # -- the game's side: every call returns at once ---------------------------------

    @property
    def is_speaking(self) -> bool:
        return self.speaking.is_set()

    @property
    def shared(self) -> bool:
        """True when both channels play on the same physical device."""
        pub, priv = self.sinks.get("public"), self.sinks.get("private")
        return pub is not None and pub is priv

    def say(self, channel: str, text: str) -> None:
        """Queue a line; returns immediately. The line rules run on it first
        (``statemachine.line_rules.checked``: a line breaking one is logged)."""
        channel, text = checked(check_channel(channel), text, log.warning)
        if channel == "private":
            self._last_private = text
        self._put(_Item(channel, text))

    def play_earcon(self, name: str, channel: str = "public") -> None:
        """Queue a short tone (see ``hardware.earcons.NAMES``)."""
        earcon(name)  # unknown names fail here, in the caller
        self._put(_Item(check_channel(channel), earcon=name))

    @property
    def last_private(self) -> str | None:
        """The last line said on the private channel (None: none yet)."""
        return self._last_private

    def repeat(self) -> bool:
        """Queue the last private line again; False if there was none."""
        if self._last_private is None:
            return False
        self._put(_Item("private", self._last_private))
        return True

    def stop(self, clear: bool = False) -> None:
        """Cut the current line short; with ``clear``, drop queued lines too."""
        with self._lock:
            if self._current is not None:
                self._current.cancel.set()
            if clear:
                for item in self._pending:
                    item.cancel.set()

    def hush(self, channel: str = "private") -> None:
        """Cut one channel short: its line playing and every one of its lines queued (a
        button press or a dial turn makes the earpiece's queued lines stale). The other
        channel's lines play on: a press never cuts the table's announcement."""
        with self._lock:
            for item in [self._current] + self._pending:
                if item is not None and item.channel == channel:
                    item.cancel.set()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until everything queued has played; False on timeout."""
        return self._idle.wait(timeout)

    def prepare(self, lines: Iterable[tuple[str, str]]) -> Preparation:
        """Cache every sentence of the (channel, text) lines, in the background.

        Returns at once; the renderer works through the sentences whenever no queued line
        is waiting, so a game can be played while its prompts are still being prepared
        (a line needed before its turn is rendered on demand). Sentences already cached
        in memory or in the cache directory are not synthesized again.
        """
        specs = [(text, self.settings.spec(check_channel(ch))) for ch, text in lines]
        plan = PromptCache.plan(specs)
        job = Preparation(len(plan))
        if plan:
            with self._work:
                if self._closed:
                    job.error = "narration closed"
                    job.finished.set()
                    return job
                self._to_prepare.extend((part, spec, job) for part, spec in plan)
                self._work.notify()
        return job

    def describe(self) -> str:
        parts = []
        for channel in CHANNELS:
            sink = self.sinks.get(channel)
            if sink is None:
                why = self.notes.get(channel)
                parts.append(f"{channel} -> printed" + (f" ({why})" if why else ""))
            elif channel == "private" and self.shared:
                parts.append("private -> same device as public (quieter, chime first)")
            else:
                parts.append(f"{channel} -> {sink.label}")
        engine = f"{self.engine_name}; " if self.engine_name else ""
        return f"speech: {engine}" + "; ".join(parts)

    def close(self) -> None:
        """Stop playing, finish the workers, close the streams."""
        if self._closed:
            return
        self.stop(clear=True)
        with self._work:
            self._closed = True
            dropped = list(self._to_prepare)
            self._to_prepare.clear()
            self._work.notify()
        for _part, _spec, job in dropped:
            if not job.finished.is_set():
                job.error = job.error or "narration closed"
                job.finished.set()
        self._queue.put(_CLOSE)
        self._thread.join(5.0)
        self._renderer.join(5.0)
        for sink in {id(s): s for s in self.sinks.values() if s is not None}.values():
            sink.close()

    def __enter__(self) -> SpeechQueue:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the renderer: clips for queued lines, ahead of playback; then preparation ------

    def _put(self, item: _Item) -> None:
        with self._lock:
            self._pending.append(item)
            self.speaking.set()
            self._idle.clear()
        with self._work:
            self._to_render.append(item)
            self._work.notify()
        self._queue.put(item)

    def _render_loop(self) -> None:
        while True:
            with self._work:
                while not (self._to_render or self._to_prepare or self._closed):
                    self._work.wait()
                if self._to_render:
                    item, prep = self._to_render.popleft(), None
                elif self._to_prepare and not self._closed:
                    item, prep = None, self._to_prepare.popleft()
                else:
                    return
            if item is not None:
                self._render_item(item)
            elif prep is not None:
                self._prepare_one(*prep)

    def _render_item(self, item: _Item) -> None:
        try:
            if item.cancel.is_set() or self.sinks.get(item.channel) is None:
                item.rendered.set_result(None)
            else:
                item.rendered.set_result(self._render(item))
        except BaseException as exc:  # handed to the player, which reports it
            item.rendered.set_exception(exc)

    def _prepare_one(self, part: str, spec: VoiceSpec, job: Preparation) -> None:
        if job.finished.is_set():  # an earlier sentence of this job failed
            return
        try:
            job.synthesized += self.cache.segment(part, spec, pin=True)[1]
        except Exception as exc:  # TtsError, or a cache directory that cannot be written
            job.error = str(exc)
            self._problem(f"could not prepare prompts: {exc}")
            job.finished.set()
            return
        job.done += 1
        if job.done == job.total:
            job.finished.set()

    def _render(self, item: _Item) -> tuple[Clip, float]:
        quiet = item.channel == "private" and self.shared
        gain = self.settings.shared_private_gain if quiet else 1.0
        if item.earcon is not None:
            return earcon(item.earcon), gain
        # A line's parts with a silence between (statemachine.speech.PAUSE): the
        # action first, the reasons after (PromptCache.get).
        clip = self.cache.get(respell(item.text, self.lexicon), self.settings.spec(item.channel))
        if quiet:
            clip = earcon("chime", clip.rate).then(clip, gap=0.08)
        return clip, gain

    # -- the player: plays rendered clips in order ------------------------------------

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            if item is _CLOSE:
                return
            assert isinstance(item, _Item)
            with self._lock:
                self._pending.remove(item)
                self._current = item
            try:
                self._perform(item)
            except Exception as exc:  # the worker must outlive any one bad line
                self._problem(f"speech error: {exc}")
            finally:
                with self._lock:
                    self._current = None
                    if not self._pending:
                        self.speaking.clear()
                        self._idle.set()

    def _perform(self, item: _Item) -> None:
        try:
            rendered = item.rendered.result()
        except TtsError as exc:
            self._problem(f"could not synthesize {item.text!r}: {exc}")
            if not item.cancel.is_set():
                self._printer.line(item.channel, item.text)
            return
        if item.cancel.is_set():
            return
        speaker = self.sinks.get(item.channel)
        if speaker is None or rendered is None:
            if item.earcon is None:
                self._printer.line(item.channel, item.text)
            return
        clip, gain = rendered
        try:
            speaker.play(clip, gain, item.cancel)
        except DeviceLost as exc:
            self._lose(speaker, exc)
            if item.earcon is None and not item.cancel.is_set():
                self._printer.line(item.channel, item.text)

    def _lose(self, speaker: Speaker, exc: Exception) -> None:
        lost = [ch for ch, s in self.sinks.items() if s is speaker]
        for channel in lost:
            self.sinks[channel] = None
            self.notes[channel] = f"device lost: {exc}"
        self._problem(f"{' and '.join(lost)} speaker lost ({exc}); printing those lines now")

    def _problem(self, message: str) -> None:
        self.problems.append(message)
        self._printer.line("speech", message)


def open_narration(settings: SpeechSettings, out: TextIO = sys.stdout, *,
                   backend: OutputBackend | None = None,
                   synthesizer: Synthesizer | None = None,
                   ) -> SpeechQueue | PrintedNarration:
    """The real speech queue if a voice and a device exist, else printed narration.

    A channel set to Piper that cannot have it is spoken by espeak-ng, after a printed
    ``[speech]`` warning (``narrator.speech.engines``)."""
    if not settings.enabled:
        return PrintedNarration(out, "speech turned off in the settings")
    synth = synthesizer or Synthesizer()
    engines = choose_engines(settings, synth)
    for warning in engines.warnings:
        LinePrinter(out).line("speech", warning)
    settings = engines.settings
    if DEFAULT_ENGINE in engines.used():
        try:
            synth.check()
        except TtsUnavailable as exc:
            return PrintedNarration(out, f"no speech synthesis: {exc}")
    try:
        backend = backend or SoundDeviceBackend()
    except AudioUnavailable as exc:
        return PrintedNarration(out, f"no sound output: {exc}")
    sinks: dict[Channel, Speaker | None] = {}
    by_index: dict[int, Speaker] = {}
    notes: dict[str, str] = {}
    for channel in CHANNELS:
        wanted = settings.device(channel)
        if wanted is not None and wanted.strip().lower() == NO_DEVICE:
            notes[channel] = "turned off in the settings"
            sinks[channel] = None
            continue
        try:
            device = find_output_device(backend, wanted)
        except Exception as exc:  # AudioUnavailable, or a PortAudio error
            notes[channel] = str(exc)
            sinks[channel] = None
            continue
        sinks[channel] = by_index.setdefault(device.index, Speaker(backend, device))
    if not any(sinks.values()):
        reason = notes.get("public") or notes.get("private") or "no sound output"
        return PrintedNarration(out, reason)
    return SpeechQueue(settings, synth, sinks, out, engine_name=engines.describe(), notes=notes,
                       engines=engines.synthesizers)
