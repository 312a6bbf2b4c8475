import BggenCLI; print("hi")
