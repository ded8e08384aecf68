-- stdlib/pretty.lua: lunette.pretty, how the REPL shows values.

local pretty = lunette.pretty

it("prints numbers in the shortest form that reads back exactly", function()
  eq(pretty(128 / 255), "0.5019607843137255")
  eq(pretty(0.1), "0.1")
  eq(pretty(1 / 3), "0.3333333333333333")
  eq(pretty(2 ^ 60), "1.152921504606847e+18")
  for _, v in ipairs{128 / 255, 0.1, 1 / 3, math.pi, 1e-300, 2 ^ 60, -7.25} do
    eq(tonumber(pretty(v)), v, "reads back " .. pretty(v))
  end
end)

it("prints colours made from hex as written, until they change", function()
  local c = Color"#FF8000"
  eq(tostring(c), 'Color"#ff8000"')
  eq(pretty({c}), '{Color"#ff8000"}')
  eq(tostring(Color"#ff800080"), 'Color"#ff800080"')
  c.g = 0
  eq(tostring(c), "Color(1, 0, 0, 1)", "a changed colour prints its components")
  eq(tostring(Color(1, 0.5, 0)), "Color(1, 0.5, 0, 1)")
  eq(Color"#ff8000", Color(1, 128 / 255, 0), "the same value either way")
end)

it("spreads tables wider than the terminal over indented lines", function()
  local wide = {}
  for i = 1, 30 do wide[i] = 1000 + i end
  eq(pretty(wide, {width = 200}):find("\n"), nil, "fits 200 columns")
  local lines = {}
  for l in pretty(wide, {width = 80}):gmatch("[^\n]+") do lines[#lines + 1] = l end
  eq(#lines, 32, "one per line with the braces")
  eq(lines[1], "{"); eq(lines[2], "  1001,"); eq(lines[31], "  1030"); eq(lines[32], "}")
  local nested = pretty({name = "x", list = wide, small = {1, 2}}, {width = 40})
  assert(nested:find("\n  list = {\n    1001,", 1, true), nested)
  assert(nested:find("\n  small = {1, 2}", 1, true), "a small table stays on one line: " .. nested)
  eq(pretty({1, 2, 3}, {width = 80}), "{1, 2, 3}")
  eq(pretty("a\nb"), '"a\\nb"', "a newline in a string prints as \\n")
end)

it("pretty-prints values with limits", function()
  eq(lunette.pretty({b = 1, a = "x", 3}), '{3, a = "x", b = 1}')
  eq(lunette.pretty({{{{1}}}}), "{{{{…}}}}")
  eq(lunette.pretty(Rect(0, 0, 1, 2)), "Rect(0, 0, 1, 2)")
  local big = {}
  for i = 1, 100 do big[i] = i end
  assert(lunette.pretty(big, {items = 5}):find("… (95 more)", 1, true))
  local cyc = {}
  cyc.self = cyc
  eq(lunette.pretty(cyc), "{self = <cycle>}")
  eq(lunette.pretty(Image.load(PHOTO)), "Image 512×512 @ (0, 0)")
end)
