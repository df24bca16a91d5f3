"""Understanding: templates, numbers and matching to one intent, and trust between readings."""
