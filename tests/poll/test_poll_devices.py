"""The device cookie: only the server's own signature is trusted, and a device is one
anonymous student per room (poll_data/devices.py)."""

import pytest

from poll_data import devices

SECRET = "a-cookie-secret-shared-by-every-replica"


def test_a_cookie_the_server_made_names_its_device_and_no_other_server_accepts_it():
    cookie = devices.new_device_cookie(SECRET)
    device = devices.device_of(cookie, SECRET)
    assert device is not None and cookie.startswith(device + ".")
    assert len(device) >= 22  # 128 random bits, base64url
    assert devices.device_of(cookie, "another-secret") is None
    assert devices.new_device_cookie(SECRET) != cookie


@pytest.mark.parametrize(
    "forged",
    [
        None,
        "",
        "nodot",
        "a.b.c",
        ".signature",
        "device.",
        "device.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "x" * 200 + "." + "y" * 32,
    ],
)
def test_a_forged_or_mangled_cookie_names_no_device(forged):
    assert devices.device_of(forged, SECRET) is None


def test_a_changed_device_id_breaks_the_signature():
    device, signature = devices.new_device_cookie(SECRET).split(".")
    other = ("B" if device[0] != "B" else "C") + device[1:]
    assert devices.device_of(f"{other}.{signature}", SECRET) is None


def test_one_device_is_one_student_per_room_and_rooms_cannot_be_linked():
    device = devices.device_of(devices.new_device_cookie(SECRET), SECRET)
    in_room = devices.student_id(device, "K7QM2X", SECRET)
    assert in_room == devices.student_id(device, "K7QM2X", SECRET)  # every tab, every replica
    assert in_room != devices.student_id(device, "ABCDEF", SECRET)
    assert in_room != device and device not in in_room
    assert 16 <= len(in_room) <= 64  # what the store's check_token accepts
