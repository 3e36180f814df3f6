import Foundation

/// Where the store stands: the commits through this process's writer, and the size and
/// modification time of the database files, which other processes (`plutary import` beside the
/// window) change. Two reads made at the same generation read the same data.
public struct StoreGeneration: Hashable, Sendable {
    let commits: Int
    let files: [Int]

    init(commits: Int, files: [URL]) {
        self.commits = commits
        self.files = files.flatMap { url -> [Int] in
            var info = stat()
            guard stat(url.path, &info) == 0 else { return [-1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        }
    }
}
