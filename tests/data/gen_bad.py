#!/usr/bin/env python3
"""Writes the broken-input corpus of tests/data/bad (one problem per file, unless the name says
multiple). tests/engine/map/BadInputTest.cpp asserts the exact diagnostics for each."""
import base64, gzip, os, struct, subprocess, zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bad")
os.makedirs(HERE, exist_ok=True)

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
MAP = ('<map version="1.8" tiledversion="1.8.2" orientation="{orientation}" renderorder="right-down" '
       'width="{w}" height="{h}" tilewidth="32" tileheight="32" infinite="{inf}" nextlayerid="2" nextobjectid="1">\n')
TS = ' <tileset firstgid="1" source="../map/tiles.tsx"/>\n'

def write(name, text, mode="w"):
    with open(os.path.join(HERE, name), mode) as f:
        f.write(text)

def tmx(name, body, w=4, h=4, orientation="orthogonal", inf=0, tileset=TS, maptag=None):
    tag = maptag if maptag is not None else MAP.format(orientation=orientation, w=w, h=h, inf=inf)
    write(name, HEAD + tag + tileset + body + "</map>\n")

def layer(data_attrs, payload, w=4, h=4, name="ground"):
    return (f' <layer id="1" name="{name}" width="{w}" height="{h}">\n'
            f'  <data{data_attrs}>\n{payload}\n</data>\n </layer>\n')

CSV16 = "1,2,3,4,\n5,6,7,8,\n1,1,1,1,\n2,2,2,2"
def b64(data): return base64.b64encode(data).decode()
def raw(gids): return b"".join(struct.pack("<I", g) for g in gids)

# --- tile data -------------------------------------------------------------------------------
tmx("short_layer.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,7,8,\n1,1,1,1,\n2,2,2"))
tmx("long_layer.tmx", layer(' encoding="csv"', CSV16 + ",3"))
tmx("empty_data.tmx", layer(' encoding="csv"', ""))
tmx("csv_bad_token.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,x7,8,\n1,1,1,1,\n2,2,2,2"))
tmx("csv_negative.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,7,8,\n1,-1,1,1,\n2,2,2,2"))
tmx("csv_too_big.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,7,8,\n1,4294967296,1,1,\n2,2,2,2"))
tmx("csv_empty_value.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,,7,8,\n1,1,1,1,\n2,2,2,2"))
tmx("gid_outside.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,7,8,\n1,99,1,1,\n2,2,2,100"))
tmx("gid_outside_flipped.tmx", layer(' encoding="csv"', "1,2,3,4,\n5,6,7,8,\n1,2147483657,1,1,\n2,2,2,2"))
tmx("unknown_encoding.tmx", layer(' encoding="hex"', "00"))
tmx("unknown_compression.tmx", layer(' encoding="base64" compression="lzma"', "AAAA"))
tmx("compressed_csv.tmx", layer(' encoding="csv" compression="zlib"', CSV16))
tmx("bad_base64.tmx", layer(' encoding="base64"', "AAAA!AAA"))
tmx("base64_bad_length.tmx", layer(' encoding="base64"', "AAAAA"))
tmx("base64_short.tmx", layer(' encoding="base64"', b64(raw([1] * 15))))
tmx("base64_odd_bytes.tmx", layer(' encoding="base64"', b64(raw([1] * 15) + b"\x01\x00")))
tmx("corrupt_zlib.tmx", layer(' encoding="base64" compression="zlib"', b64(b"\x78\x9c" + bytes(range(40)))))
tmx("truncated_zlib.tmx", layer(' encoding="base64" compression="zlib"', b64(zlib.compress(raw([1] * 16))[:-6])))
tmx("corrupt_zstd.tmx", layer(' encoding="base64" compression="zstd"', b64(b"\x28\xb5\x2f\xfd" + bytes(range(20)))))
# Bombs: a few KB that inflate to megabytes; the layer needs 64 bytes.
tmx("zlib_bomb.tmx", layer(' encoding="base64" compression="zlib"', b64(zlib.compress(bytes(64 << 20), 9))))
tmx("gzip_bomb.tmx", layer(' encoding="base64" compression="gzip"', b64(gzip.compress(bytes(16 << 20), 9, mtime=0))))
zstd_bomb = subprocess.run(["zstd", "-q", "-c", "-19"], input=bytes(64 << 20), capture_output=True, check=True).stdout
tmx("zstd_bomb.tmx", layer(' encoding="base64" compression="zstd"', b64(zstd_bomb)))
tmx("xml_tiles_short.tmx", layer('', "   <tile gid=\"1\"/>\n" * 15))
tmx("xml_tile_bad_gid.tmx", layer('', "   <tile gid=\"1\"/>\n" * 7 + "   <tile gid=\"one\"/>\n" + "   <tile gid=\"1\"/>\n" * 8))
tmx("missing_data.tmx", ' <layer id="1" name="ground" width="4" height="4"/>\n')

# --- sizes and numbers -----------------------------------------------------------------------
tmx("zero_width.tmx", "", w=0)
tmx("negative_height.tmx", "", h=-3)
tmx("bad_number.tmx", "", w="4x")
tmx("huge_number.tmx", "", w="99999999999")
tmx("too_many_cells.tmx", layer(' encoding="csv"', "0", w=5000, h=5000), w=5000, h=5000)
tmx("layer_too_many_cells.tmx", layer(' encoding="csv"', "0", w=4097, h=4097))
tmx("layer_zero_size.tmx", layer(' encoding="csv"', "", w=0, h=4))
tmx("missing_tilewidth.tmx", "", maptag='<map version="1.8" orientation="orthogonal" width="4" height="4" tileheight="32">\n')
tmx("unknown_orientation.tmx", "", orientation="diagonal")
tmx("bad_opacity.tmx", ' <layer id="1" name="ground" width="4" height="4" opacity="1.5">\n  <data encoding="csv">\n' + CSV16 + '\n</data>\n </layer>\n')
tmx("bad_color.tmx", "", maptag='<map version="1.8" orientation="orthogonal" width="4" height="4" tilewidth="32" tileheight="32" backgroundcolor="#12345">\n')
tmx("chunks_too_far_apart.tmx",
    ' <layer id="1" name="ground" width="4" height="4">\n  <data encoding="csv">\n'
    '   <chunk x="-100000" y="0" width="1" height="1">1</chunk>\n'
    '   <chunk x="100000" y="100000" width="1" height="1">1</chunk>\n  </data>\n </layer>\n', inf=1)
tmx("chunk_short.tmx",
    ' <layer id="1" name="ground" width="4" height="4">\n  <data encoding="csv">\n'
    '   <chunk x="0" y="0" width="2" height="2">1,1,1</chunk>\n  </data>\n </layer>\n', inf=1)

# --- tilesets --------------------------------------------------------------------------------
tmx("missing_tileset.tmx", "", tileset=' <tileset firstgid="1" source="nope/missing.tsx"/>\n')
tmx("broken_tileset.tmx", layer(' encoding="csv"', CSV16), tileset=' <tileset firstgid="1" source="broken.tsx"/>\n')
write("broken.tsx", HEAD + '<tileset version="1.8" name="broken" tilewidth="32" tileheight="32" tilecount="8" columns="4">\n'
      ' <image source="x.png" width="128" height="64"/>\n <tile id="1">\n  <properties>\n'
      '   <property name="a" value="b">\n  </properties>\n </tile>\n</tileset>\n')
tmx("bad_tileset_values.tmx", "", tileset=' <tileset firstgid="1" source="bad_values.tsx"/>\n')
write("bad_values.tsx", HEAD + '<tileset version="1.8" name="bad" tilewidth="abc" tileheight="-32" spacing="-1" tilecount="8" columns="4">\n'
      ' <image source="x.png" width="128" height="64"/>\n <tile id="9"/>\n</tileset>\n')
tmx("tileset_is_a_map.tmx", "", tileset=' <tileset firstgid="1" source="short_layer.tmx"/>\n')
tmx("missing_firstgid.tmx", "", tileset=' <tileset source="../map/tiles.tsx"/>\n')
tmx("overlapping_tilesets.tmx", "", tileset=TS + ' <tileset firstgid="5" name="other" tilewidth="32" tileheight="32" tilecount="4" columns="2">\n'
    '  <image source="x.png" width="64" height="64"/>\n </tileset>\n')
tmx("bad_animation.tmx", "", tileset=' <tileset firstgid="1" name="anim" tilewidth="32" tileheight="32" tilecount="4" columns="2">\n'
    '  <image source="x.png" width="64" height="64"/>\n  <tile id="0">\n   <animation>\n'
    '    <frame tileid="7" duration="100"/>\n   </animation>\n  </tile>\n </tileset>\n')
tmx("bad_wangid.tmx", "", tileset=' <tileset firstgid="1" name="w" tilewidth="32" tileheight="32" tilecount="4" columns="2">\n'
    '  <image source="x.png" width="64" height="64"/>\n  <wangsets>\n   <wangset name="ground" type="corner" tile="-1">\n'
    '    <wangcolor name="a" color="#ff0000" tile="-1" probability="1"/>\n'
    '    <wangtile tileid="0" wangid="0,1,0,1,0,1,0"/>\n'
    '    <wangtile tileid="1" wangid="0,1,0,3,0,1,0,1"/>\n   </wangset>\n  </wangsets>\n </tileset>\n')

# --- objects and templates -------------------------------------------------------------------
def objects(body): return ' <objectgroup id="1" name="things">\n' + body + ' </objectgroup>\n'
tmx("missing_template.tmx", objects('  <object id="1" template="templates/nope.tx" x="0" y="0"/>\n'))
tmx("broken_template.tmx", objects('  <object id="1" template="broken.tx" x="0" y="0"/>\n'))
write("broken.tx", HEAD + '<template>\n <tileset firstgid="1" source="../map/nope.tsx"/>\n <object name="x" gid="1"/>\n</template>\n')
tmx("template_not_template.tmx", objects('  <object id="1" template="../map/tiles.tsx" x="0" y="0"/>\n'))
tmx("object_gid_outside.tmx", objects('  <object id="3" name="rock" gid="42" x="0" y="0" width="32" height="32"/>\n'))
tmx("bad_polygon.tmx", objects('  <object id="1" x="0" y="0">\n   <polygon points="0,0 10,x 5,5"/>\n  </object>\n'))
tmx("bad_properties.tmx", objects(
    '  <object id="1" x="0" y="0">\n   <properties>\n'
    '    <property name="count" type="int" value="three"/>\n'
    '    <property name="alive" type="bool" value="yes"/>\n'
    '    <property name="tint" type="color" value="red"/>\n'
    '    <property name="speed" type="float" value="fast"/>\n'
    '    <property name="target" type="object" value="-1"/>\n'
    '    <property name="what" type="vector" value="1,2"/>\n'
    '   </properties>\n  </object>\n'))

# --- XML itself ------------------------------------------------------------------------------
write("billion_laughs.tmx", HEAD + '<!DOCTYPE map [\n <!ENTITY a "aaaaaaaaaa">\n <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">\n'
      ' <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">\n]>\n'
      + MAP.format(orientation="orthogonal", w=4, h=4, inf=0) + ' <properties>\n  <property name="x" value="&c;"/>\n </properties>\n</map>\n')
write("external_entity.tmx", HEAD + '<!DOCTYPE map [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n'
      + MAP.format(orientation="orthogonal", w=4, h=4, inf=0) + ' <properties>\n  <property name="x" value="&xxe;"/>\n </properties>\n</map>\n')
full = open(os.path.join(HERE, "short_layer.tmx")).read()
write("truncated.tmx", full[: full.index("5,6,7,8") + 4])
write("mismatched_tags.tmx", HEAD + MAP.format(orientation="orthogonal", w=4, h=4, inf=0) + TS + ' <layer id="1" name="ground" width="4" height="4">\n  <data encoding="csv">1</layer>\n</map>\n')
write("empty.tmx", "")
write("not_a_map.tmx", HEAD + '<tileset name="x" tilewidth="32" tileheight="32"/>\n')
write("binary_garbage.tmx", bytes(range(256)) * 4, mode="wb")
tmx("multiple_errors.tmx",
    ' <layer id="1" name="ground" width="4" height="4" opacity="2">\n  <data encoding="csv">\n1,2,3\n</data>\n </layer>\n'
    ' <layer id="2" name="walls" width="4" height="4">\n  <data encoding="base64" compression="brotli">AAAA</data>\n </layer>\n'
    ' <objectgroup id="3" name="things">\n  <object id="1" template="nope.tx"/>\n  <object id="2" gid="77"/>\n </objectgroup>\n',
    tileset=TS + ' <tileset firstgid="9" source="gone.tsx"/>\n')

# --- JSON ------------------------------------------------------------------------------------
JMAP = '{{ "type":"map", "version":"1.8", "orientation":"orthogonal", "renderorder":"right-down", "width":{w}, "height":4, "tilewidth":32, "tileheight":32, "infinite":false,\n "tilesets":[{{ "firstgid":1, "source":"../map/tiles.tsj" }}],\n "layers":[\n{layers}\n ]\n}}\n'
def tmj(name, layers, w=4): write(name, JMAP.format(w=w, layers=layers))
tmj("malformed.tmj", '  { "type":"tilelayer", "name":"ground", "width":4, "height":4, "data":[1,2,3,] }')
tmj("short_layer.tmj", '  { "type":"tilelayer", "name":"ground", "width":4, "height":4, "data":[1,2,3,4,5,6,7,8,1,1,1,1,2,2,2] }')
tmj("wrong_types.tmj", '  { "type":"tilelayer", "name":"ground", "width":"4", "height":4, "visible":"yes", "data":[1,2,3,4,5,6,7,8,1,1,1,1,2,2,2,2] }', w='"four"')
tmj("gid_outside.tmj", '  { "type":"tilelayer", "name":"ground", "width":4, "height":4, "data":[1,2,3,4,5,6,7,8,1,1,1,1,2,2,2,50] }')
tmj("bad_data_value.tmj", '  { "type":"tilelayer", "name":"ground", "width":4, "height":4, "data":[1,2,3,4,5,6,7,8,1,1,1,1,2,2,2,-2] }')
tmj("json_bomb.tmj", '  { "type":"tilelayer", "name":"ground", "width":4, "height":4, "encoding":"base64", "compression":"zlib", "data":"' + b64(zlib.compress(bytes(8 << 20), 9)) + '" }')
tmj("unknown_layer_type.tmj", '  { "type":"hologram", "name":"ghost" }')
write("deep_nesting.tmj", '{ "a": ' + "[" * 100000 + "]" * 100000 + " }\n")
write("not_an_object.tmj", "[1, 2, 3]\n")
tmj("missing_template.tmj", '  { "type":"objectgroup", "name":"things", "objects":[ { "id":1, "template":"nope.tj" } ] }')
write("missing_tileset.tmj", JMAP.format(w=4, layers="").replace("../map/tiles.tsj", "gone.tsj"))
write("broken_tileset.tmj", JMAP.format(w=4, layers="").replace("../map/tiles.tsj", "broken.tsj"))
write("broken.tsj", '{ "type":"tileset", "name":"broken", "tilewidth":32, "tileheight":0, "tilecount":4, "columns":2,\n'
      '  "image":"x.png", "imagewidth":64, "imageheight":64,\n  "tiles":[ { "id":1, "animation":[ { "tileid":9, "duration":10 } ] } ] }\n')

# --- added with the layer-size / chunk-placement checks ---------------------------------------
tmx("layer_size_mismatch.tmx", layer(' encoding="csv"', "1,2,3,\n4,5,6,\n7,8,1,\n2,3,4", w=3, h=4))
tmx("infinite_without_chunks.tmx", layer(' encoding="csv"', CSV16), inf=1)
tmx("chunk_too_far.tmx",
    ' <layer id="1" name="ground" width="4" height="4">\n  <data encoding="csv">\n'
    '   <chunk x="2147483632" y="0" width="16" height="1">1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1</chunk>\n  </data>\n </layer>\n', inf=1)
tmx("no_columns.tmx", "", tileset=' <tileset firstgid="1" name="nocols" tilewidth="32" tileheight="32" tilecount="4" columns="0">\n'
    '  <image source="missing.png"/>\n </tileset>\n')
tmj("layer_size_mismatch.tmj", '  { "type":"tilelayer", "name":"ground", "width":2, "height":8, "data":[1,2,3,4,5,6,7,8,1,1,1,1,2,2,2,2] }')
# Deep nesting must be refused without exhausting the stack.
write("deep_groups.tmx", HEAD + MAP.format(orientation="orthogonal", w=4, h=4, inf=0)
      + '<group name="g">' * 5000 + '</group>' * 5000 + "\n</map>\n")
write("deep_class_property.tmx", HEAD + MAP.format(orientation="orthogonal", w=4, h=4, inf=0) + " <properties>\n"
      + '<property name="p" type="class"><properties>' * 5000 + '</properties></property>' * 5000 + "\n </properties>\n</map>\n")

# --- "included from" chains and bytes that are not UTF-8 (issue #12) ------------------------------
# An error inside a file that a template refers to names the whole chain: map -> template -> tileset.
tmx("nested_template.tmx", objects('  <object id="1" template="nested.tx" x="0" y="0"/>\n'))
write("nested.tx", HEAD + '<template>\n <tileset firstgid="1" source="broken.tsx"/>\n <object name="x" gid="1"/>\n</template>\n')
tmj("nested_template.tmj", '  { "type":"objectgroup", "name":"things", "objects":[ { "id":1, "template":"nested.tj" } ] }')
write("nested.tj", '{ "type":"template", "tileset":{ "firstgid":1, "source":"broken.tsj" },\n'
      '  "object":{ "name":"x", "gid":1, "width":32, "height":32 } }\n')
# ortho_csv.tmx with one byte of its tileset source changed to 0xFF (not UTF-8 in any position).
ours = open(os.path.join(HERE, "..", "map", "ortho_csv.tmx"), "rb").read()
assert ours.count(b'source="tiles.tsx"') == 1
write("bad_utf8_tileset.tmx", ours.replace(b'source="tiles.tsx"', b'source="../map/ti\xffes.tsx"'), mode="wb")

# --- found by the fuzzers (tests/fuzz) ----------------------------------------------------------
# fuzz_map_tmj: a number beyond double's range made nlohmann throw out_of_range past the loader.
write("json_number_overflow.tmj", '{ "type":"map", "version":"1.8", "orientation":"orthogonal",\n'
      '  "width":1, "height":1, "tilewidth":32, "tileheight":32, "infinite":false,\n'
      '  "layers":[ { "type":"imagelayer", "id":1, "name":"sky", "offsetx":5, "offsety":61e308 } ],\n'
      '  "tilesets":[] }\n')
