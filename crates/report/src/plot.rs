//! Plots drawn with `plotters` (SVG backend): the convergence of a run's two bounds, and row
//! charts (one labelled row per item: intervals, points with confidence intervals, ratio bars).
//!
//! Titles, subtitles and legends are drawn in a header band above the chart and the producing
//! command in a footer band below it, so that no legend can cover data. The root `<svg>` of a
//! convergence plot carries `data-x-map` / `data-y-map` ("value pixel value pixel" for two
//! points of the bounds chart), with which a test turns the drawn polylines back into data.

use crate::palette::{hex, BLUE, BLUISH_GREEN, VERMILLION};
use crate::read::{esc, wrap};
use plotters::coord::types::RangedCoordusize;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

type Rgb = (u8, u8, u8);

/// plotters' SVG backend writes `font-size` as the requested size / 1.24; this asks for a
/// text of `want` pixels.
fn px(want: f64) -> f64 {
    want * 1.24
}

/// Axis label and description fonts.
fn axis_font() -> (&'static str, f64) {
    ("sans-serif", px(12.0))
}

fn rgb(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}

/// What a legend swatch looks like.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Swatch {
    /// A line segment.
    Line,
    /// A filled circle.
    Dot,
    /// A filled bar.
    Bar,
    /// An interval with end ticks.
    Interval,
    /// A cross.
    Cross,
}

/// The text and legend bands around a chart.
#[derive(Debug, Clone, Default)]
pub struct Frame {
    /// Title.
    pub title: String,
    /// Lines under the title.
    pub subtitle: Vec<String>,
    /// Legend entries.
    pub legend: Vec<(Rgb, Swatch, String)>,
    /// The command that produced the data.
    pub command: Option<String>,
}

struct Bands {
    header: Vec<(String, u32, bool)>,
    legend_y: i32,
    footer: Vec<String>,
}

impl Frame {
    fn bands(&self, width: u32) -> Bands {
        let mut header = Vec::new();
        for l in wrap(&self.title, (width as f64 / 8.5) as usize) {
            header.push((l, 15, true));
        }
        for s in &self.subtitle {
            for l in wrap(s, (width as f64 / 6.6) as usize) {
                header.push((l, 12, false));
            }
        }
        let legend_y = 14
            + header
                .iter()
                .map(|h| if h.2 { 20 } else { 16 })
                .sum::<i32>();
        let footer = self
            .command
            .as_ref()
            .map(|c| wrap(&format!("data: {c}"), (width as f64 / 6.7) as usize))
            .unwrap_or_default();
        Bands {
            header,
            legend_y,
            footer,
        }
    }

    fn header_height(&self, width: u32) -> u32 {
        let b = self.bands(width);
        (b.legend_y + 20 * self.legend.len() as i32 + 6) as u32
    }

    fn footer_height(&self, width: u32) -> u32 {
        (self.bands(width).footer.len() * 13 + 12) as u32
    }

    fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, plotters::coord::Shift>) {
        let width = root.dim_in_pixel().0;
        let b = self.bands(width);
        let mut y = 10;
        for (text, size, bold) in &b.header {
            y += if *bold { 20 } else { 16 };
            let font = if *bold {
                ("sans-serif", px(*size as f64))
                    .into_font()
                    .style(FontStyle::Bold)
            } else {
                ("sans-serif", px(*size as f64)).into_font()
            };
            let _ = root.draw(&Text::new(text.clone(), (12, y - 12), font.color(&BLACK)));
        }
        let mut y = b.legend_y;
        for (c, swatch, text) in &self.legend {
            let col = rgb(*c);
            let mid = y + 7;
            let _ = match swatch {
                Swatch::Line => root.draw(&PathElement::new(
                    vec![(12, mid), (36, mid)],
                    col.stroke_width(3),
                )),
                Swatch::Dot => root.draw(&Circle::new((24, mid), 5, col.filled())),
                Swatch::Bar => root.draw(&Rectangle::new(
                    [(12, mid - 6), (36, mid + 6)],
                    col.filled(),
                )),
                Swatch::Interval => root
                    .draw(&PathElement::new(
                        vec![(12, mid), (36, mid)],
                        col.stroke_width(2),
                    ))
                    .and_then(|_| {
                        root.draw(&PathElement::new(
                            vec![(12, mid - 5), (12, mid + 5)],
                            col.stroke_width(2),
                        ))
                    })
                    .and_then(|_| {
                        root.draw(&PathElement::new(
                            vec![(36, mid - 5), (36, mid + 5)],
                            col.stroke_width(2),
                        ))
                    }),
                Swatch::Cross => Ok(()),
            };
            if *swatch == Swatch::Cross {
                let _ = root.draw(&Cross::new((24, mid), 5, col.stroke_width(2)));
            }
            let _ = root.draw(&Text::new(
                text.clone(),
                (44, y),
                ("sans-serif", px(12.0)).into_font().color(&BLACK),
            ));
            y += 20;
        }
        let h = root.dim_in_pixel().1 as i32;
        let mut y = h - 6 - 13 * b.footer.len() as i32;
        for l in &b.footer {
            let _ = root.draw(&Text::new(
                l.clone(),
                (12, y),
                ("monospace", px(10.0))
                    .into_font()
                    .color(&RGBColor(0x33, 0x33, 0x33)),
            ));
            y += 13;
        }
    }
}

/// Add `<title>` and data attributes to plotters' root `<svg>` tag.
fn finish(svg: String, title: &str, data: &[(String, String)]) -> String {
    let svg = svg
        .trim_start_matches("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        .trim_start();
    let Some(end) = svg.find('>') else {
        return svg.to_string();
    };
    let mut attrs = String::new();
    for (k, v) in data {
        attrs.push_str(&format!(" data-{k}=\"{}\"", esc(v)));
    }
    format!(
        "{}{attrs}><title>{}</title>{}",
        &svg[..end],
        esc(title),
        &svg[end + 1..]
    )
}

/// One run's convergence: lower and upper bound against seconds, and the gap on a log axis.
/// `rows` are (seconds, lower, upper, gap).
pub fn convergence(frame: &Frame, rows: &[(f64, f64, f64, f64)]) -> String {
    let width = 660u32;
    let (hh, fh) = (frame.header_height(width), frame.footer_height(width));
    let height = hh + 300 + 230 + fh;
    let tmax = rows.iter().map(|r| r.0).fold(0.0, f64::max).max(1e-3);
    let ylo = rows.iter().map(|r| r.1).fold(f64::INFINITY, f64::min);
    let yhi = rows.iter().map(|r| r.2).fold(f64::NEG_INFINITY, f64::max);
    let pad = ((yhi - ylo) * 0.05).max(1e-3);
    let (ylo, yhi) = ((ylo - pad).max(-0.02), (yhi + pad).min(1.02));
    let gaps: Vec<(f64, f64)> = rows
        .iter()
        .filter(|r| r.3 > 0.0)
        .map(|r| (r.0, r.3))
        .collect();
    let gmin = gaps.iter().map(|g| g.1).fold(f64::INFINITY, f64::min);
    let gmax = gaps.iter().map(|g| g.1).fold(0.0, f64::max);
    let (gmin, gmax) = if gaps.is_empty() {
        (1e-12, 1.0)
    } else {
        (gmin / 2.0, gmax * 2.0)
    };
    let mut buf = String::new();
    let mut data = Vec::new();
    {
        let root = SVGBackend::with_string(&mut buf, (width, height)).into_drawing_area();
        let _ = root.fill(&WHITE);
        frame.draw(&root);
        let (_, rest) = root.split_vertically(hh);
        let (charts, _) = rest.split_vertically(530);
        let (top, bottom) = charts.split_vertically(300);
        let x_desc = "time since the start of the run (s)";
        if let Ok(mut chart) = ChartBuilder::on(&top)
            .margin_right(20)
            .margin_top(6)
            .x_label_area_size(38)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..tmax, ylo..yhi)
        {
            let _ = chart
                .configure_mesh()
                .x_desc(x_desc)
                .y_desc("Black's winning probability")
                .max_light_lines(1)
                .light_line_style(RGBColor(0xf2, 0xf2, 0xf2))
                .label_style(axis_font())
                .axis_desc_style(axis_font())
                .draw();
            for (i, colour) in [(1usize, BLUE), (2, VERMILLION)] {
                let pts = rows.iter().map(|r| (r.0, if i == 1 { r.1 } else { r.2 }));
                let _ = chart.draw_series(LineSeries::new(pts, rgb(colour).stroke_width(2)));
            }
            let (a, b) = (
                chart.backend_coord(&(0.0, ylo)),
                chart.backend_coord(&(tmax, yhi)),
            );
            data.push(("x-map".to_string(), format!("0 {} {tmax} {}", a.0, b.0)));
            data.push(("y-map".to_string(), format!("{ylo} {} {yhi} {}", a.1, b.1)));
            data.push(("lower-colour".to_string(), hex(BLUE)));
            data.push(("upper-colour".to_string(), hex(VERMILLION)));
        }
        if let Ok(mut chart) = ChartBuilder::on(&bottom)
            .margin_right(20)
            .margin_top(10)
            .x_label_area_size(38)
            .y_label_area_size(70)
            .build_cartesian_2d(0f64..tmax, (gmin..gmax).log_scale())
        {
            let _ = chart
                .configure_mesh()
                .x_desc(x_desc)
                .y_desc("gap = upper − lower (log)")
                .y_label_formatter(&|v| format!("{v:.0e}"))
                .max_light_lines(1)
                .light_line_style(RGBColor(0xf2, 0xf2, 0xf2))
                .label_style(axis_font())
                .axis_desc_style(axis_font())
                .draw();
            let _ = chart.draw_series(LineSeries::new(
                gaps.iter().copied(),
                rgb(BLUISH_GREEN).stroke_width(2),
            ));
        }
        let _ = root.present();
    }
    finish(buf, &frame.title, &data)
}

/// A mark on a row chart.
#[derive(Debug, Clone)]
pub enum Mark {
    /// An interval [lo, hi] with end ticks.
    Interval(usize, f64, f64, Rgb),
    /// A point.
    Dot(usize, f64, Rgb),
    /// A cross (a reference value).
    Cross(usize, f64, Rgb),
    /// A bar from one x to another.
    Bar(usize, f64, f64, Rgb),
    /// A text beside a point: after it (`true`) or before it.
    Label(usize, f64, String, bool),
}

/// A chart with one labelled row per item and x values drawn as marks.
#[derive(Debug, Clone)]
pub struct RowChart {
    /// Bands around the chart.
    pub frame: Frame,
    /// Row labels, top to bottom.
    pub rows: Vec<String>,
    /// The x axis label, with its unit.
    pub x_desc: String,
    /// The x range.
    pub x_range: (f64, f64),
    /// x values are log10 of the quantity (labels show 10^x).
    pub log10: bool,
    /// A vertical reference line (x, its meaning is in the legend).
    pub reference: Option<f64>,
    /// The marks.
    pub marks: Vec<Mark>,
    /// Width in pixels of the row labels.
    pub label_width: u32,
}

impl RowChart {
    /// The chart as an `<svg>` element.
    pub fn render(&self) -> String {
        let width = 700u32;
        let (hh, fh) = (
            self.frame.header_height(width),
            self.frame.footer_height(width),
        );
        // (0..m).into_segmented() has m + 1 segments: rows 0..n-1 need 0..n-1, at least 0..1.
        let n = self.rows.len().max(2);
        let chart_h = 60 + 18 * n as u32;
        let height = hh + chart_h + fh;
        let mut buf = String::new();
        {
            let root = SVGBackend::with_string(&mut buf, (width, height)).into_drawing_area();
            let _ = root.fill(&WHITE);
            self.frame.draw(&root);
            let (_, rest) = root.split_vertically(hh);
            let (area, _) = rest.split_vertically(chart_h);
            let built = ChartBuilder::on(&area)
                .margin_right(24)
                .x_label_area_size(40)
                .y_label_area_size(self.label_width)
                .build_cartesian_2d(self.x_range.0..self.x_range.1, (0..n - 1).into_segmented());
            if let Ok(mut chart) = built {
                self.draw_marks(&mut chart, n);
            }
            let _ = root.present();
        }
        finish(buf, &self.frame.title, &[])
    }

    fn draw_marks<DB: DrawingBackend>(
        &self,
        chart: &mut ChartContext<
            DB,
            Cartesian2d<
                plotters::coord::types::RangedCoordf64,
                plotters::coord::ranged1d::SegmentedCoord<RangedCoordusize>,
            >,
        >,
        n: usize,
    ) {
        let labels = |v: &SegmentValue<usize>| match v {
            SegmentValue::CenterOf(i) => self.rows.get(n - 1 - i).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        let log10 = self.log10;
        let xfmt = move |v: &f64| {
            if log10 {
                let q = 10f64.powf(*v);
                if q >= 10.0 {
                    format!("{q:.0}")
                } else if q >= 1.0 {
                    format!("{q:.1}")
                } else {
                    format!("{q:.2}")
                }
            } else {
                format!("{v:.2}")
            }
        };
        let _ = chart
            .configure_mesh()
            .x_desc(self.x_desc.as_str())
            .y_labels(n)
            .y_label_formatter(&labels)
            .x_label_formatter(&xfmt)
            .max_light_lines(1)
            .light_line_style(RGBColor(0xf2, 0xf2, 0xf2))
            .label_style(axis_font())
            .axis_desc_style(axis_font())
            .draw();
        let row = |i: usize| SegmentValue::CenterOf(n - 1 - i);
        if let Some(x) = self.reference {
            let _ = chart.draw_series(std::iter::once(PathElement::new(
                vec![(x, SegmentValue::Exact(0)), (x, SegmentValue::Last)],
                RGBColor(0x66, 0x66, 0x66).stroke_width(1),
            )));
        }
        for m in &self.marks {
            let _ = match *m {
                Mark::Interval(i, lo, hi, c) => {
                    let _ = chart.draw_series(std::iter::once(PathElement::new(
                        vec![(lo, row(i)), (hi, row(i))],
                        rgb(c).stroke_width(2),
                    )));
                    chart.draw_series([lo, hi].map(|x| {
                        EmptyElement::at((x, row(i)))
                            + PathElement::new(vec![(0, -5), (0, 5)], rgb(c).stroke_width(2))
                    }))
                }
                Mark::Dot(i, x, c) => chart.draw_series(std::iter::once(Circle::new(
                    (x, row(i)),
                    4,
                    rgb(c).filled(),
                ))),
                Mark::Cross(i, x, c) => chart.draw_series(std::iter::once(Cross::new(
                    (x, row(i)),
                    5,
                    rgb(c).stroke_width(2),
                ))),
                Mark::Bar(i, a, b, c) => {
                    let top = if i == 0 {
                        SegmentValue::Last
                    } else {
                        SegmentValue::Exact(n - i)
                    };
                    let mut r = Rectangle::new(
                        [(a.min(b), SegmentValue::Exact(n - 1 - i)), (a.max(b), top)],
                        rgb(c).filled(),
                    );
                    r.set_margin(3, 3, 0, 0);
                    chart.draw_series(std::iter::once(r))
                }
                Mark::Label(i, x, ref text, after) => {
                    let (h, dx) = if after {
                        (HPos::Left, 5)
                    } else {
                        (HPos::Right, -5)
                    };
                    let style = ("sans-serif", px(11.0))
                        .into_font()
                        .color(&BLACK)
                        .pos(Pos::new(h, VPos::Center));
                    chart.draw_series(std::iter::once(
                        EmptyElement::at((x, row(i))) + Text::new(text.clone(), (dx, 0), style),
                    ))
                }
            };
        }
    }
}
