import Dispatch
import Glibc
@testable import SinkEngine

#if DEBUG
/// The live-object count once it has reached `expected` or stopped moving (up to 2 s): objects captured by
/// blocks still running on other queues (asynchronous replies) are released just after those blocks return.
func settledLiveObjects(expecting expected: Int) -> Int {
    let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
    while LiveObjects.count != expected, DispatchTime.now().uptimeNanoseconds < deadline {
        usleep(1_000)
    }
    return LiveObjects.count
}
#endif
