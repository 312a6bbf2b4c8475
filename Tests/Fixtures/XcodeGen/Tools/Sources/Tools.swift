@main struct Tools {
    static func main() {}
}
