# The terminal client's messages (amazons-client), Simplified Chinese.
# Words both clients use (sides, end reasons, error codes, time controls,
# rated/casual) are in common.ftl.
