fn main() -> std::process::ExitCode {
    ludeme::cli::main()
}
