<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="bad" tilewidth="abc" tileheight="-32" spacing="-1" tilecount="8" columns="4">
 <image source="x.png" width="128" height="64"/>
 <tile id="9"/>
</tileset>
