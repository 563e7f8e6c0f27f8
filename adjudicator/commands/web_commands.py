"""``adjudicator serve``: the web service on an embedded WSGI server (no external server needed).

Production runs the same app under gunicorn instead::

    gunicorn --workers 2 --bind 127.0.0.1:8000 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import click


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=5000, show_default=True)
def serve_command(host: str, port: int) -> None:
    """Serve the rulebook browser, search and JSON API (builds the search index on first start)."""
    # Flask and the whole web layer are imported only when serving, so the other commands start without them.
    from werkzeug.serving import make_server

    from adjudicator.web import create_app

    app = create_app()
    # Werkzeug's threaded server (a thread per request) is fine for one venue; production uses gunicorn.
    server = make_server(host, port, app, threaded=True)
    click.echo(f"Serving on http://{host}:{server.server_port}/ (Ctrl+C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.server_close()


COMMANDS = [serve_command]
