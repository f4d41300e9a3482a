<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hextall" tilewidth="64" tileheight="136" tilecount="10" columns="10">
 <image source="hextall.png" width="640" height="136"/>
  <tile id="0">
   <properties>
    <property name="terrain" value="wall"/>
   </properties>
  </tile>
  <tile id="1">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="2">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="3">
   <properties>
    <property name="terrain" value="tree"/>
   </properties>
  </tile>
  <tile id="4">
   <properties>
    <property name="terrain" value="volcano"/>
   </properties>
  </tile>
  <tile id="5">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
   <animation>
    <frame tileid="5" duration="160"/>
    <frame tileid="6" duration="160"/>
    <frame tileid="7" duration="160"/>
    <frame tileid="8" duration="160"/>
   </animation>
  </tile>
  <tile id="6">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="7">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="8">
   <properties>
    <property name="terrain" value="volcano_erupting"/>
   </properties>
  </tile>
  <tile id="9">
   <properties>
    <property name="terrain" value="tombstone"/>
   </properties>
  </tile>
</tileset>
