"""What a built page shows: its head, its content's images and videos, its dates."""
