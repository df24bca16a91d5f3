"""Listening: audio sources, the speech gate, echo cancelling, denoising, the wake word."""
