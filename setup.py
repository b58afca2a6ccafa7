"""Package discovery only (the rest is in pyproject.toml): every package under arcade/ is found, so a new game
package cannot be left out of the wheel, and assets/ ships inside the installed package as ``arcade.data``."""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["arcade", "arcade.*"]) + ["arcade.data"],
    package_dir={"arcade.data": "assets"},
)
