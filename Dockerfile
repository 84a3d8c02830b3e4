# A container for hosting the app as a public demo link: `docker build -t reward-hacking .`
# then `docker run -p 8501:8501 reward-hacking`.
FROM python:3.11-slim

WORKDIR /app
COPY requirements.txt .
RUN pip install --no-cache-dir -r requirements.txt

COPY .streamlit .streamlit
COPY core core
COPY ui ui
COPY poll poll
COPY pages pages
COPY app.py .
COPY scripts/warm_up.py scripts/warm_up.py

# The class poll's SQLite file lives in /app/data: mount a volume there (-v poll-data:/app/data)
# to keep polls across containers, or set POLL_DATABASE_URL to a PostgreSQL server.
EXPOSE 8501
HEALTHCHECK --interval=30s --timeout=5s \
  CMD python -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8501/_stcore/health')"
# scripts/warm_up.py runs the app once as soon as the server answers (see that file for why).
CMD ["sh", "-c", "python scripts/warm_up.py 8501 & exec streamlit run app.py --server.port=8501 --server.address=0.0.0.0"]
