-- stdlib/filter.lua: Filter objects (inputs by key, attributes) and the grouped catalogue.

local N, P = ...
local sformat = string.format

local filtermt = N.metatable("Filter")
local filtermethods = {setDefaults = N.filter_setdefaults, keys = N.filter_keys}
filtermt.__index = function(f, k)
  local m = filtermethods[k]
  if m then return m end
  return N.filter_get(f, k)
end
filtermt.__newindex = N.filter_set
filtermt.__tostring = N.filter_tostring

--- Filter("CIGaussianBlur"): a filter with its defaults set.
Filter = setmetatable({}, {__call = N.filter_Filter})
Filter.names = N.filter_names
Filter.attributes = N.filter_attributes
Filter.categories = N.filter_categories
Filter.describe = N.filter_describe

-- The grouped list (CIFilterTest's FiltersList): categories in a fixed order, each filter
-- unique in the first category that lists it. tostring(catalog) is the formatted log.
local Record = {__name = "FilterRecord"}
function Record.__tostring(r)
  return r.name .. " (" .. r.displayName .. ")" .. (r.isDuplicate and " [duplicate]" or "")
end
local CategoryInfo = {__name = "CategoryInfo"}
function CategoryInfo.__tostring(c)
  return sformat("%s: %d filters, %d unique", c.name, #c.records, #c.unique)
end
local Catalog = {__name = "FilterCatalog"}
function Catalog.__tostring(c) return c.log end

--- Filter.catalog([withKeys]): categories, their records, and the formatted log.
function Filter.catalog(withKeys)
  local categories, summary, log = N.filter_catalog(withKeys)
  local byName = {}
  for _, c in ipairs(categories) do
    c.unique = {}
    for _, r in ipairs(c.records) do
      setmetatable(r, Record)
      if not r.isDuplicate then c.unique[#c.unique + 1] = r end
    end
    byName[c.name] = setmetatable(c, CategoryInfo)
  end
  return setmetatable({categories = categories, byName = byName, summary = summary, log = log}, Catalog)
end

P.filtermt, P.filtermethods = filtermt, filtermethods
P.Record, P.CategoryInfo, P.Catalog = Record, CategoryInfo, Catalog
