<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="broken" tilewidth="32" tileheight="32" tilecount="8" columns="4">
 <image source="x.png" width="128" height="64"/>
 <tile id="1">
  <properties>
   <property name="a" value="b">
  </properties>
 </tile>
</tileset>
