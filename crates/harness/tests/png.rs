//! The plots as PNG (a file name ending in `.png`): decoded back with the PNG decoder, each
//! must have the chart's size, be more than a white page, and carry the plot's own pixels:
//! the series' colours where its points and lines are, red crosses on the border, the axis
//! labels' text in the label areas, and the same drawing as the SVG (a point more, pixels more).

use searchlab_harness::plot::{Chart, Image, Measure, cactus, scatter, write};

/// A decoded PNG: width, height and RGB pixels.
struct Decoded {
    width: u32,
    height: u32,
    rgb: Vec<u8>,
}

impl Decoded {
    fn of(bytes: &[u8]) -> Decoded {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().expect("a PNG header");
        let mut rgb = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut rgb).expect("a PNG image");
        assert_eq!(info.color_type, png::ColorType::Rgb);
        assert_eq!(info.bit_depth, png::BitDepth::Eight);
        rgb.truncate(info.buffer_size());
        Decoded {
            width: info.width,
            height: info.height,
            rgb,
        }
    }

    fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        let i = 3 * (y as usize * self.width as usize + x as usize);
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }

    /// The pixels within `x0..x1`, `y0..y1` that `wanted` accepts.
    fn count(
        &self,
        (x0, x1): (u32, u32),
        (y0, y1): (u32, u32),
        wanted: impl Fn([u8; 3]) -> bool,
    ) -> usize {
        let mut n = 0;
        for y in y0..y1.min(self.height) {
            for x in x0..x1.min(self.width) {
                n += usize::from(wanted(self.pixel(x, y)));
            }
        }
        n
    }

    fn all(&self, wanted: impl Fn([u8; 3]) -> bool) -> usize {
        self.count((0, self.width), (0, self.height), wanted)
    }
}

/// Dark enough to be text or an axis (the mesh's light grey is not).
fn ink(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 100)
}

/// The colour of series `i`, as the plots pick it (plotters' Palette99).
fn palette(i: usize) -> [u8; 3] {
    use plotters::style::{Color, Palette, Palette99};
    let (r, g, b) = Palette99::pick(i).rgb();
    [r, g, b]
}

fn png_of(chart: &Chart) -> Decoded {
    let png = chart.png().expect("the chart draws as PNG");
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let d = Decoded::of(&png);
    assert_eq!((d.width, d.height), chart.size());
    // More than a white page: thousands of drawn pixels.
    let drawn = d.all(|p| p != [255, 255, 255]);
    assert!(drawn > 2_000, "{drawn} pixels drawn");
    d
}

#[test]
fn the_scatter_plot_as_png_has_its_points_crosses_and_labels() {
    let points = [
        (Some(10.0), Some(20.0)),
        (Some(100.0), Some(50.0)),
        (Some(1000.0), Some(1000.0)),
        (Some(30.0), None),
        (None, Some(40.0)),
    ];
    let chart = scatter(
        "a scatter plot",
        ("astar", "idastar"),
        Measure::Expanded,
        &points,
    );
    let d = png_of(&chart);
    // The colour names of the SVG drawing the same chart are the colours of the PNG.
    let svg = chart.svg().unwrap();
    let [r, g, b] = palette(0);
    assert!(
        svg.contains(&format!("#{r:02X}{g:02X}{b:02X}")),
        "{svg:.400}"
    );
    // Two crosses on the border and the legend's, in pure red.
    let red = d.all(|p| p == [255, 0, 0]);
    assert!(red >= 3 * 10, "{red} red pixels");
    // Points of the first series (drawn at 80%: a blend of it and white), three and the
    // legend's marker of full colour.
    let blended = |c: u8| (f64::from(c) * 0.8 + 255.0 * 0.2).round() as i32;
    let near = |p: [u8; 3], q: [i32; 3]| (0..3).all(|k| (i32::from(p[k]) - q[k]).abs() <= 2);
    let points_px = d.all(|p| near(p, [blended(r), blended(g), blended(b)]));
    assert!(points_px >= 3 * 12, "{points_px} pixels of points");
    assert!(d.all(|p| p == [r, g, b]) >= 12, "the legend's marker");
    // Text: the caption along the top, the x axis's label along the bottom, the y axis's
    // along the left, each in dark pixels.
    let (w, h) = chart.size();
    assert!(d.count((0, w), (0, 40), ink) > 100, "the caption");
    assert!(d.count((100, w), (h - 40, h), ink) > 200, "the x label");
    assert!(d.count((0, 40), (100, h - 100), ink) > 200, "the y label");
}

#[test]
fn the_cactus_plot_as_png_has_a_line_per_pair() {
    let series = vec![
        ("astar".to_owned(), vec![5.0, 50.0, 500.0]),
        ("bfs".to_owned(), vec![100.0]),
    ];
    let chart = cactus("a cactus plot", Measure::Time, &series, 4);
    let d = png_of(&chart);
    // Each pair's step line, two pixels wide across the plot, in its own colour.
    for i in 0..2 {
        let colour = palette(i);
        let n = d.all(|p| p == colour);
        assert!(n > 500, "series {i}: {n} pixels of {colour:?}");
    }
    // A series more, pixels more: the drawing is the data's.
    let fewer = cactus("a cactus plot", Measure::Time, &series[..1], 4);
    let d1 = png_of(&fewer);
    assert!(d1.all(|p| p == palette(1)) < 50);
}

#[test]
fn write_picks_png_by_the_name_and_svg_otherwise() {
    let dir = std::env::temp_dir().join(format!("searchlab-harness-png-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let chart = cactus("t", Measure::Expanded, &[("a".into(), vec![1.0, 2.0])], 2);
    assert_eq!(Image::of(std::path::Path::new("x.PNG")), Image::Png);
    assert_eq!(Image::of(std::path::Path::new("x.svg")), Image::Svg);
    assert_eq!(Image::of(std::path::Path::new("x")), Image::Svg);
    write(&dir.join("c.png"), &chart).unwrap();
    write(&dir.join("c.svg"), &chart).unwrap();
    let png = std::fs::read(dir.join("c.png")).unwrap();
    let d = Decoded::of(&png);
    assert_eq!((d.width, d.height), chart.size());
    let svg = std::fs::read_to_string(dir.join("c.svg")).unwrap();
    assert!(svg.starts_with("<svg"), "{svg:.100}");
    // No temporary file left beside them.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(left.len(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
