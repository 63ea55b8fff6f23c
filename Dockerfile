# The bot in a container: docker build -t uno-bot . (see README, "Running as a service").
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/app/data/uno.sqlite3 \
    HEALTH_PORT=8080 \
    ENV_FILE=

WORKDIR /app
# The pictures draw players' names in every script: the system's fonts, which
# fontconfig finds, and raqm's layout for right-to-left and joined letters (README,
# "Card pictures on or off").
RUN apt-get update \
    && apt-get install -y --no-install-recommends fontconfig fonts-noto-core fonts-noto-cjk \
        fonts-noto-color-emoji libraqm0 \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 uno \
    && mkdir -p /app/data \
    && chown uno:uno /app/data

# Not root: the bot needs nothing but its data folder.
USER uno
VOLUME /app/data

# Healthy: 200 "ready" only while the gateway is connected and the database answers
# (HEALTH_PORT, or 8080 when a .env leaves it empty).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot.app.container", "health"]

# uno-bot, but exit code 2 (fix a setting, the token or the database) leaves as 0, so
# that the restart policy on-failure restarts after a crash (1) or an outage (3) only.
# SIGTERM (docker stop) stops the bot cleanly.
CMD ["python", "-m", "bot.app.container"]
