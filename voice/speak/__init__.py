"""Speaking: the narrator and speech synthesis."""
