# The web page's own words.
