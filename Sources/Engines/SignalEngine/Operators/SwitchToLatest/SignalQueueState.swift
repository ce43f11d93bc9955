#if SIGNAL_LOCKED
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signal-locked`: the state of SwiftSignalKit's `switchToLatest`, which is the library's `SignalQueueState`
/// (Signal_Meta.swift:3-115, the same in Telegram's SwiftSignalKit and at the pinned fork) in switch mode
/// (`:117-128`). The library's `queue` and `throttled` run the same class with `queueMode` set (`:130-156`);
/// the engine's operator set has no such operator, so only `switchToLatest` makes one, but the class keeps both
/// modes because its costs come from their code: `headCompleted` makes an `Atomic` on every inner completion
/// (`:57`) that the queue mode's completion handler captures, so it lives on the heap in switch mode too.
///
/// Also as the library's, and unlike the lean `SwitchState`: a new inner starts before the previous one is
/// disposed (`currentDisposable.set` after `start`, `:46-56`), no generation number tells a replaced inner's
/// completion from the current one's (a replaced inner is disposed, so its subscriber drops the completion),
/// and disposing disposes the inner before the outer (`:111-114`).
final class SignalQueueState<T, E>: Disposable, @unchecked Sendable {
    // Guards `executingSignal`, `terminated` and `queuedSignals`; never held while a signal starts or an
    // event is put. Stored inline and passed by address, as the library does.
    private var mutex = pthread_mutex_t()
    private var executingSignal = false
    private var terminated = false
    private var queuedSignals: [Signal<T, E>] = []

    /// The outer subscription, written once by `beginWithDisposable` before any event can dispose it.
    private var disposable: Disposable = EmptyDisposable
    private let currentDisposable = MetaDisposable()
    private var subscriber: Subscriber<T, E>?
    private let queueMode: Bool
    private let throttleMode: Bool

    #if DEBUG
    private let liveObject = LiveObjects.Token()
    #endif

    init(subscriber: Subscriber<T, E>, queueMode: Bool, throttleMode: Bool) {
        pthread_mutex_init(&mutex, nil)
        self.subscriber = subscriber
        self.queueMode = queueMode
        self.throttleMode = throttleMode
    }

    deinit {
        pthread_mutex_destroy(&mutex)
    }

    func beginWithDisposable(_ disposable: Disposable) {
        self.disposable = disposable
    }

    func enqueueSignal(_ signal: Signal<T, E>) {
        var startSignal = false
        pthread_mutex_lock(&mutex)
        if queueMode && executingSignal {
            if throttleMode {
                queuedSignals.removeAll()
            }
            queuedSignals.append(signal)
        } else {
            executingSignal = true
            startSignal = true
        }
        pthread_mutex_unlock(&mutex)

        if startSignal {
            let disposable = signal.start(
                next: { self.subscriber?.putNext($0) },
                error: { self.subscriber?.putError($0) },
                completed: { self.headCompleted() })
            currentDisposable.set(disposable)
        }
    }

    /// The current inner completed. In queue mode the next queued signal starts; a loop rather than
    /// recursion, so that queued signals that complete inside their `start` do not grow the stack: whichever
    /// of the loop and the completion handler swaps `leftFunction` second goes on.
    func headCompleted() {
        while true {
            let leftFunction = AtomicState(false)
            var nextSignal: Signal<T, E>? = nil
            var terminated = false
            pthread_mutex_lock(&mutex)
            executingSignal = false
            if queueMode {
                if !queuedSignals.isEmpty {
                    nextSignal = queuedSignals.removeFirst()
                    executingSignal = true
                } else {
                    terminated = self.terminated
                }
            } else {
                terminated = self.terminated
            }
            pthread_mutex_unlock(&mutex)

            if terminated {
                subscriber?.putCompletion()
            } else if let nextSignal {
                let disposable = nextSignal.start(
                    next: { self.subscriber?.putNext($0) },
                    error: { self.subscriber?.putError($0) },
                    completed: {
                        if leftFunction.swap(true) {
                            self.headCompleted()
                        }
                    })
                currentDisposable.set(disposable)
            }

            if !leftFunction.swap(true) {
                break
            }
        }
    }

    /// The outer signal completed: the result completes now if no inner runs, else when the current one does.
    func beginCompletion() {
        pthread_mutex_lock(&mutex)
        let executingSignal = self.executingSignal
        terminated = true
        pthread_mutex_unlock(&mutex)
        if !executingSignal {
            subscriber?.putCompletion()
        }
    }

    func dispose() {
        currentDisposable.dispose()
        disposable.dispose()
    }
}
#endif
