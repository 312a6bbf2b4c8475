/* Empty: the declarations live in the Swift overlay of the os stub. */
