# The bot in a container: docker build -t uno-bot . (see README, "Running as a service").
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/app/data/uno.sqlite3 \
    HEALTH_PORT=8080 \
    ENV_FILE=

WORKDIR /app
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

# 200 "ready" only while the gateway is connected and the database answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen(f'http://127.0.0.1:{os.environ[\"HEALTH_PORT\"]}/health', timeout=4)"]

# SIGTERM (docker stop) stops the bot cleanly.
CMD ["uno-bot"]
