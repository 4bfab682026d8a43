#lang racket
;; PLT Games' Gobblet auto-player (Debian package `racket`, collection games/gobblet), wrapped in a line
;; protocol so that plt-match.py can pit it against ./main --gtp. It runs PLT's own search with the
;; settings of PLT's GUI (2 look-ahead steps, exhaustive depth 3, a time limit) and, unlike the GUI, hands
;; it the game's history so that it avoids repeating positions.
;;
;; Usage: racket plt-player.rkt SIZE SECONDS
;; Input lines:  new | enter SIZE ROW COL | move ROW COL ROW COL | go
;; Output lines (for go): enter SIZE ROW COL | move ROW COL ROW COL   (rows, columns and sizes from 0)
(require racket/unit
         games/gobblet/sig
         (only-in games/gobblet/model model-unit@)
         (only-in games/gobblet/explore explore-unit@)
         (only-in games/gobblet/heuristics heuristics-unit@))

(define args (current-command-line-arguments))
(define board-size (string->number (vector-ref args 0)))
(define timeout (exact->inexact (string->number (vector-ref args 1))))

(define-unit board-config@
  (import)
  (export config^)
  (define BOARD-SIZE board-size))

(define-unit driver@
  (import config^ explore^ model^ heuristics^)
  (export)
  (define (fresh-search)
    (make-search (if (= BOARD-SIZE 3) make-3x3-rate-board make-4x4-rate-board)
                 (if (= BOARD-SIZE 3) make-3x3-canned-moves make-4x4-canned-moves)))
  (define board empty-board)
  (define history null)
  (define who 'red)
  (define (pieces-of c) (if (eq? c 'red) red-pieces yellow-pieces))
  (define (apply! piece fi fj ti tj)
    (set! history (cons board history))
    (set! board (move board piece fi fj ti tj values
                      (lambda () (error 'plt-player "illegal move ~a ~a ~a ~a" fi fj ti tj))))
    (set! who (other who)))
  (let loop ()
    (define line (read-line))
    (unless (eof-object? line)
      (match (string-split line)
        [(list "new")
         (set! board empty-board)
         (set! history null)
         (set! who 'red)]
        [(list "enter" s i j)
         (apply! (list-ref (pieces-of who) (string->number s)) #f #f (string->number i) (string->number j))]
        [(list "move" fi fj ti tj)
         (define fi* (string->number fi))
         (define fj* (string->number fj))
         (apply! (car (board-ref board fi* fj*)) fi* fj* (string->number ti) (string->number tj))]
        [(list "go")
         ;; A fresh search each move, as PLT's GUI does: the search kills its worker thread at the
         ;; time limit, which can leave the search's shared hash tables locked for the next call.
         (define m ((fresh-search) timeout 2 3 who board history))
         (define piece (list-ref m 0))
         (if (list-ref m 1)
             (printf "move ~a ~a ~a ~a\n" (list-ref m 1) (list-ref m 2) (list-ref m 3) (list-ref m 4))
             (printf "enter ~a ~a ~a\n" (piece-size piece) (list-ref m 3) (list-ref m 4)))
         (flush-output)]
        [_ (eprintf "plt-player: cannot read ~s\n" line)])
      (loop))))

(invoke-unit
 (compound-unit/infer
  (import)
  (export)
  (link
   [((CONFIG : config^)) board-config@]
   [((MODEL : model^)) model-unit@]
   [((HEURISTICS : heuristics^)) heuristics-unit@]
   [((EXPLORE : explore^)) explore-unit@]
   [() driver@])))
