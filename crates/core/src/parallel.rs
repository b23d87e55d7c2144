//! Search on several threads: [`par_idastar`], IDA* with work stealing, the same answer and
//! counts as the sequential [`idastar`](crate::idastar()).

pub mod par_idastar;
