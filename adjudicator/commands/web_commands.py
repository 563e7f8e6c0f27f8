"""``adjudicator serve``: the web service on an embedded WSGI server (no external server needed).

Production runs the same app under gunicorn instead::

    gunicorn --workers 2 --bind 127.0.0.1:8000 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import ssl

import click

from adjudicator import settings
from adjudicator.commands.addresses import reachable_addresses, url_host


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0 or :: for every interface: a venue's phones).")
@click.option("--port", type=click.IntRange(1, 65535), default=5000, show_default=True)
@click.option("--tls", nargs=2, type=click.Path(exists=True, dir_okay=False), metavar="CERT KEY", default=None,
              help="Serve HTTPS with this certificate and key (PEM): phones keep an offline copy only over HTTPS.")
def serve_command(host: str, port: int, tls: tuple[str, str] | None) -> None:
    """Serve the rulebook browser, search and JSON API (builds the search index on first start)."""
    # Flask and the whole web layer are imported only when serving, so the other commands start without them.
    from werkzeug.serving import make_server

    from adjudicator import paths
    from adjudicator.web import create_app
    from adjudicator.web.common.security import HSTS_ENV, allowed_hosts_setting
    from adjudicator.web.common.services import services
    from adjudicator.web.search.warm_up import warm_up

    ssl_context = _tls_context(tls) if tls else None
    addresses = reachable_addresses(host)
    # The addresses served are always accepted as the Host: listening on them and refusing them is no use.
    hosts = list(dict.fromkeys([*allowed_hosts_setting(), *(url_host(address) for address in addresses)]))
    # A venue's server is short-lived and its certificate self-made: no year-long HSTS pin unless asked for.
    config = {"ALLOWED_HOSTS": hosts, **({} if settings.environment(HSTS_ENV) else {"HSTS_SECONDS": 0})}
    # The first start builds the search index (tens of seconds on a small machine): say so before it starts.
    click.echo(f"データディレクトリ（検索インデックス・短縮リンク）: {paths.user_data_dir()}")
    click.echo("検索インデックスを準備しています（初回は作成するため時間がかかります）…")
    app = create_app(config)
    with app.app_context():
        ready = services()
        click.echo(f"検索インデックス: {'作成しました' if ready.index_built else '既存のものを使います'}"
                   f"（{ready.start_seconds:.1f} 秒）")
    warm_up(app)  # the first person's search costs what the next one's does
    # Werkzeug's threaded server (a thread per request) is fine for one venue; production uses gunicorn.
    server = make_server(host, port, app, threaded=True, ssl_context=ssl_context)
    scheme = "https" if ssl_context else "http"
    click.echo(f"Serving on {scheme}://{url_host(host)}:{server.server_port}/ (Ctrl+C to stop)")
    _say_where(host, addresses, scheme, server.server_port, hosts)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("Stopped.")
    finally:
        server.server_close()


def _tls_context(tls: tuple[str, str]) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(*tls)
    except (ssl.SSLError, OSError) as error:
        raise click.BadParameter(f"証明書と鍵を読み込めません（PEM形式の証明書と、その秘密鍵）: {error}",
                                 param_hint="--tls") from error
    return context


def _say_where(host: str, addresses: list[str], scheme: str, port: int, hosts: list[str]) -> None:
    """The addresses to open on a phone, the host names accepted, and whether an offline copy is possible."""
    if host in ("0.0.0.0", "::"):
        if addresses:
            click.echo("同じネットワークの端末（スマートフォン）からは次のアドレスで開けます:")
            for address in addresses:
                click.echo(f"  {scheme}://{url_host(address)}:{port}/")
        else:
            click.echo("ネットワークのアドレスが見つかりません（このPCはネットワークにつながっていますか）")
    click.echo(f"受け付けるホスト名: {', '.join(hosts)}（ほかの名前で開くには ADJUDICATOR_ALLOWED_HOSTS に追加）")
    if scheme == "http" and any(address not in ("127.0.0.1", "::1", "localhost") for address in addresses):
        click.echo("注意: http では端末にオフライン用のコピーを保存できません（https が必要です: --tls CERT KEY、README）")



@click.command("settings")
def settings_command() -> None:
    """Every setting (the ADJUDICATOR_* environment variables and create_app's config keys), with its default and
    what it does, as the README's Markdown table."""
    click.echo(settings.table())


COMMANDS = [serve_command, settings_command]
