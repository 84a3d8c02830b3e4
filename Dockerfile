# One replica of the app: `docker build -t reward-hacking .` then
# `docker run -p 8501:8501 -e STREAMLIT_SERVER_COOKIE_SECRET=$(openssl rand -hex 32) reward-hacking`.
# Several behind a load balancer: deploy/compose/ (one machine), deploy/k8s/ (many); a public
# HTTPS link: docs/hosting.md.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    STREAMLIT_SERVER_PORT=8501 \
    STREAMLIT_SERVER_ADDRESS=0.0.0.0

# A user with no privileges and no login: the app never needs root (uid fixed for Kubernetes'
# runAsUser in deploy/k8s/deployment.yaml).
RUN useradd --uid 10001 --create-home --shell /usr/sbin/nologin app

WORKDIR /app
# Requirements first, so a code change does not reinstall them; every version is pinned there.
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY .streamlit .streamlit
COPY core core
COPY common common
COPY ui ui
COPY poll_data poll_data
COPY pages pages
COPY app.py .
COPY scripts/warm_up.py scripts/build_worlds.py scripts/

# Every (b, σ) world of the Playground's stage, built into the image (441 files, ~26 MB, about
# a minute of two cores): every container, and every one restarted, serves any b and σ at once
# instead of building 441 worlds each (ui/disk_store.py).
ENV STAGE_WORLD_DIR=/app/worlds
RUN python scripts/build_worlds.py

# The class poll's SQLite file lives in /app/data: mount a volume there (-v poll-data:/app/data)
# to keep polls across containers, or set POLL_DATABASE_URL to a PostgreSQL server.
RUN mkdir -p /app/data && chown 10001 /app/data
# ...and read into memory in the background after start (a file read each, not a build).
ENV STAGE_PREWARM=1
USER 10001
EXPOSE 8501
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health', timeout=4)"
# scripts/warm_up.py runs the app once as soon as the server answers (see that file for why);
# exec makes streamlit PID 1's replacement, so `docker stop` (SIGTERM) reaches it.
CMD ["sh", "-c", "python scripts/warm_up.py 8501 & exec streamlit run app.py"]
