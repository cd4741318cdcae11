"""Translations in a real window: with LANGUAGE=ja the pages speak Japanese."""
from harness import App, check, wait_for

JAPANESE = {"LANG": "C.UTF-8", "LANGUAGE": "ja"}


def test_adder_in_japanese():
    with App(env=JAPANESE) as app:
        app.wait_find("足し算")  # the sidebar entry
        check(app.find("2 つの数を足す") is not None, "the page title is Japanese")
        check(app.text("1 つ目の数") == "100", "the fields are found by their Japanese names")
        app.click("足す")
        app.wait_text("合計の結果", "300")
        app.set_text("1 つ目の数", "abc")
        app.click("足す")
        app.wait_text("足し算のエラー", "1 つ目の欄には整数を入力してください")
        app.set_text("1 つ目の数", "１００")
        app.click("足す")
        app.wait_text("合計の結果", "300")
        app.screenshot("adder-ja.png")


def test_login_in_japanese():
    with App(env=JAPANESE) as app:
        app.open_page("ログイン")
        app.wait_text("ログインのヒント", "アカウントがまだありません。「登録…」で作成してください。")
        app.set_text("ユーザー名", "taro")
        app.set_text("パスワード", "wrong password 1")
        app.click("ログイン", role="push button")
        app.wait_text("ログインのメッセージ", "ユーザー名またはパスワードが間違っています", timeout=15)
        app.click("登録…")
        app.wait_find("新しいユーザー名")
        app.set_text("新しいユーザー名", "taro")
        app.set_text("新しいパスワード", "short")
        app.set_text("パスワードの確認", "short")
        app.click("登録", role="push button")
        app.wait_text("登録のメッセージ", "パスワードは 8 文字以上にしてください")


TESTS = [test_adder_in_japanese, test_login_in_japanese]
