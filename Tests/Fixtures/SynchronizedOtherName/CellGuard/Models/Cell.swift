struct Cell {}
