"""``adjudicator serve``: the web service on an embedded WSGI server (no external server needed).

Production runs the same app under gunicorn instead::

    gunicorn --workers 2 --bind 127.0.0.1:8000 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import click

from adjudicator import settings


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", type=click.IntRange(1, 65535), default=5000, show_default=True)
def serve_command(host: str, port: int) -> None:
    """Serve the rulebook browser, search and JSON API (builds the search index on first start)."""
    # Flask and the whole web layer are imported only when serving, so the other commands start without them.
    from werkzeug.serving import make_server

    from adjudicator import paths
    from adjudicator.web import create_app
    from adjudicator.web.common.services import services

    # The first start builds the search index (tens of seconds on a small machine): say so before it starts.
    click.echo(f"データディレクトリ（検索インデックス・短縮リンク）: {paths.user_data_dir()}")
    click.echo("検索インデックスを準備しています（初回は作成するため時間がかかります）…")
    app = create_app()
    with app.app_context():
        ready = services()
        click.echo(f"検索インデックス: {'作成しました' if ready.index_built else '既存のものを使います'}"
                   f"（{ready.start_seconds:.1f} 秒）")
    # Werkzeug's threaded server (a thread per request) is fine for one venue; production uses gunicorn.
    server = make_server(host, port, app, threaded=True)
    click.echo(f"Serving on http://{host}:{server.server_port}/ (Ctrl+C to stop)")
    if host in ("0.0.0.0", "::"):
        click.echo("同じネットワークの端末（スマートフォン）からは http://<このPCのIPアドレス>:" f"{server.server_port}/ で開けます")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.server_close()


@click.command("settings")
def settings_command() -> None:
    """Every setting (the ADJUDICATOR_* environment variables and create_app's config keys), with its default and
    what it does, as the README's Markdown table."""
    click.echo(settings.table())


COMMANDS = [serve_command, settings_command]
