//! The timed loops of the benches over slices (count rows, hands, live
//! hands): each is a function of its own, out of line, taking its items
//! as arguments, as a caller's loop is. The same loop written inside
//! criterion's closure reads its captures through the closure and times
//! the closure's code (1.1–1.7× slower on the win's rows).

#![allow(dead_code)]

use std::hint::black_box;
use std::iter::Sum;

/// The items of `items` that `judge` holds true.
#[inline(never)]
pub fn count_where<T>(items: &[T], judge: impl Fn(&T) -> bool) -> usize {
    items.iter().filter(|&x| judge(black_box(x))).count()
}

/// The sum of `measure` over `items`.
#[inline(never)]
pub fn sum_of<T, S: Sum>(items: &[T], measure: impl Fn(&T) -> S) -> S {
    items.iter().map(|x| measure(black_box(x))).sum()
}
