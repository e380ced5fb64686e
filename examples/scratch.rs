fn main() {
    let rules = hupai::Rules::riichi();
    for h in std::env::args().skip(1) {
        let hand: hupai::Hand = h.parse().unwrap();
        println!("{h}: {:?}", rules.shanten(&hand));
        println!("{:?}", rules.efficiency(&hand, &[0; 34]));
    }
}
