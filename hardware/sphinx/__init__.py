"""The pocketsphinx backend, in three parts: the recognizer (decoding and endpointing,
:mod:`hardware.sphinx.recognizer`), its confidence measure (:mod:`hardware.sphinx.confidence`)
and the model's dictionary and grammar words (:mod:`hardware.sphinx.dictionary`)."""
from hardware.sphinx.dictionary import (dictionary_path, missing_from_dictionary, model_dir,
                                        read_dictionary)
from hardware.sphinx.recognizer import SphinxRecognizer

__all__ = ["SphinxRecognizer", "dictionary_path", "missing_from_dictionary", "model_dir",
           "read_dictionary"]
