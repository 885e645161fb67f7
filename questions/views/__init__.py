"""The trainer-facing pages of the question bank (the Django admin is not for trainers)."""
